import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { cardByCodeQueryOptions } from "../api";
import { CompactCard } from "./compact-card";

/**
 * 'Resgatar voucher': the code the customer shows (or its QR code's text) finds their complete
 * card in this company; the card's 'Marcar Utilização' redeems it.
 */
export function VoucherLookup() {
  const { t } = useTranslation("cards");
  const id = useId();
  const [text, setText] = useState("");
  const [code, setCode] = useState("");
  const card = useQuery(cardByCodeQueryOptions(code));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCode(text.trim().toUpperCase());
  };

  return (
    <section className="grid gap-3 rounded-lg border bg-card p-4" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-semibold">
        {t("voucher.title")}
      </h2>
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
        <div className="grid min-w-0 gap-1">
          <Label htmlFor={`${id}-code`}>{t("voucher.code")}</Label>
          <Input
            id={`${id}-code`}
            value={text}
            maxLength={20}
            autoComplete="off"
            className="w-44 max-w-full font-mono uppercase tracking-widest"
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" disabled={text.trim().length === 0}>
          {t("voucher.find")}
        </Button>
      </form>
      {card.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {card.error instanceof ApiError && card.error.status === 404
            ? t("voucher.notFound")
            : errorMessage(card.error)}
        </p>
      ) : null}
      {card.data ? <CompactCard card={card.data} /> : null}
    </section>
  );
}
