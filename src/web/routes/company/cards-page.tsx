import { CARD_SORTS, type CardSort } from "@shared/cards.schema";
import { can } from "@shared/team-permissions";
import { useQuery } from "@tanstack/react-query";
import { ArrowUpDown, ChevronRight } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { cardSummaryQueryOptions, companyCardsQueryOptions } from "@/web/features/cards/api";
import { CompanyCardTile } from "@/web/features/cards/components/company-card-tile";
import { VoucherLookup } from "@/web/features/cards/components/voucher-lookup";
import { programsQueryOptions } from "@/web/features/programs/api";
import { ProgramsSection } from "@/web/features/programs/components/programs-section";
import { sectionQueryOptions } from "@/web/features/settings/api";
import { CardStampDialog } from "@/web/features/stamps/components/card-stamp-dialog";
import { stampMethodsFor } from "@/web/features/stamps/methods";
import { useDemoMode } from "@/web/lib/demo-mode";
import { useCompanyMe } from "./company-area";

const PROGRAMS_ID = "programas";

/**
 * /cartoes 'Cartões de Fidelidade': the counts ('Templates' leads to the programmes), the
 * programmes ('Novo Cartão', edit, archive, default), the voucher lookup, then the cards with
 * search and the sort cycle. Each card gets the stamps feature's add-stamp button, and its details
 * the programmes (for 'Abrir outro cartão').
 */
export function CardsPage() {
  const { t } = useTranslation("cards");
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  const [sort, setSort] = useState<CardSort>("name_asc");
  const cards = useQuery(companyCardsQueryOptions(debounced, sort));
  const summary = useQuery(cardSummaryQueryOptions());
  const programs = useQuery(programsQueryOptions()).data;
  const methods = stampMethodsFor(useQuery(sectionQueryOptions("loyalty-rules")).data);
  const demo = useDemoMode();
  const mayOverride = can(useCompanyMe().member?.role, "stampOverride");

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const list = cards.data ?? [];
  const nextSort = CARD_SORTS[(CARD_SORTS.indexOf(sort) + 1) % CARD_SORTS.length]!;
  const tileClass = "grid min-w-0 content-start gap-1 rounded-lg border bg-card p-3 sm:p-4";
  const showPrograms = () => {
    const section = document.getElementById(PROGRAMS_ID);
    section?.scrollIntoView({ behavior: "smooth", block: "start" });
    section?.focus({ preventScroll: true });
  };

  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        <div className={tileClass}>
          <p className="text-muted-foreground text-xs sm:text-sm">{t("tiles.active")}</p>
          <p className="font-bold text-xl sm:text-2xl">{summary.data?.active ?? "—"}</p>
        </div>
        <div className={tileClass}>
          <p className="text-muted-foreground text-xs sm:text-sm">{t("tiles.complete")}</p>
          <p className="font-bold text-xl sm:text-2xl">{summary.data?.complete ?? "—"}</p>
        </div>
        <a
          href={`#${PROGRAMS_ID}`}
          onClick={(e) => {
            e.preventDefault();
            showPrograms();
          }}
          aria-label={t("tiles.templatesLink", { count: summary.data?.programs ?? 0 })}
          className={`${tileClass} outline-none transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50`}
        >
          <span className="flex items-center justify-between gap-1 text-muted-foreground text-xs sm:text-sm">
            {t("tiles.templates")}
            <ChevronRight aria-hidden="true" className="size-4 shrink-0" />
          </span>
          <span className="font-bold text-xl sm:text-2xl">{summary.data?.programs ?? "—"}</span>
        </a>
      </div>
      <ProgramsSection id={PROGRAMS_ID} />
      <VoucherLookup programs={programs} />
      <section className="grid gap-3" aria-labelledby="cartoes-lista">
        <h2 id="cartoes-lista" className="font-semibold text-lg">
          {t("listTitle")}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Input
            type="search"
            aria-label={t("search")}
            placeholder={t("search")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="min-w-0 flex-1 sm:max-w-sm"
          />
          <Button type="button" variant="outline" onClick={() => setSort(nextSort)}>
            <ArrowUpDown aria-hidden="true" />
            {t(`sort.${sort}`)}
          </Button>
        </div>
        {cards.data && list.length === 0 ? (
          <p className="text-muted-foreground">{t(demo ? "emptyDemo" : "empty")}</p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((card) => (
            <CompanyCardTile
              key={card.id}
              card={card}
              stampAction={
                <CardStampDialog card={card} methods={methods} mayOverride={mayOverride} />
              }
              programs={programs}
            />
          ))}
        </div>
      </section>
    </>
  );
}
