import { COUNTER_SEARCH_MAX_LENGTH, COUNTER_SEARCH_MIN_LENGTH } from "@shared/counter";
import { useQuery } from "@tanstack/react-query";
import { ChevronRight, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { counterSearchQueryOptions } from "../api";

/** The counter's name or phone search: name, masked phone and open cards of each match. */
export function CustomerSearch({ onPick }: { onPick: (customerId: string) => void }) {
  const { t } = useTranslation("counter");
  const id = useId();
  const [text, setText] = useState("");
  const [term, setTerm] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useQuery(counterSearchQueryOptions(term));
  const searching = term.length >= COUNTER_SEARCH_MIN_LENGTH;

  return (
    <section className="grid gap-2" aria-labelledby={`${id}-label`}>
      <Label id={`${id}-label`} htmlFor={id}>
        {t("search.label")}
      </Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-5 text-muted-foreground"
        />
        <Input
          id={id}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={COUNTER_SEARCH_MAX_LENGTH}
          placeholder={t("search.placeholder")}
          autoComplete="off"
          className="h-12 pl-10 text-base"
        />
      </div>
      {searching && results.isFetching && !results.data ? <Spinner /> : null}
      {searching && results.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(results.error)}
        </p>
      ) : null}
      {searching && results.data?.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("search.none")}</p>
      ) : null}
      {searching && results.data && results.data.length > 0 ? (
        <ul className="grid gap-2" aria-label={t("search.results")}>
          {results.data.map((customer) => (
            <li key={customer.id}>
              <button
                type="button"
                onClick={() => onPick(customer.id)}
                className="flex min-h-14 w-full items-center gap-3 rounded-xl border bg-card p-3 text-left outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span className="grid min-w-0 flex-1">
                  <span className="break-words font-medium">{customer.name}</span>
                  <span className="text-muted-foreground text-sm tabular-nums">
                    {[
                      customer.maskedPhone,
                      ...customer.cards.map((card) =>
                        t("search.card", {
                          stamps: card.stamps,
                          max: card.maxStamps,
                          program: card.programName,
                        }),
                      ),
                    ]
                      .filter(Boolean)
                      .join(" · ") || t("search.noCard")}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
