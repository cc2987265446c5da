import { useQuery } from "@tanstack/react-query";
import { ArrowUpDown } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CARD_SORTS, type CardSort } from "@/shared/loyalty.schema";
import { PageHeader } from "@/web/components/page-header";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { cardSummaryQueryOptions, companyCardsQueryOptions } from "@/web/features/cards/api";
import { CompanyCardTile } from "@/web/features/cards/components/company-card-tile";
import { NewProgramDialog } from "@/web/features/cards/components/new-program-dialog";
import { VoucherLookup } from "@/web/features/cards/components/voucher-lookup";

/** /cartoes 'Cartões de Fidelidade': search, the sort cycle, counts and the cards. */
export function CardsPage() {
  const { t } = useTranslation("cards");
  const [search, setSearch] = useState("");
  const [debounced, setDebounced] = useState("");
  const [sort, setSort] = useState<CardSort>("name_asc");
  const cards = useQuery(companyCardsQueryOptions(debounced, sort));
  const summary = useQuery(cardSummaryQueryOptions());

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const list = cards.data ?? [];
  const nextSort = CARD_SORTS[(CARD_SORTS.indexOf(sort) + 1) % CARD_SORTS.length]!;
  const tiles = [
    [t("tiles.active"), summary.data?.active],
    [t("tiles.complete"), summary.data?.complete],
    [t("tiles.templates"), summary.data?.programs],
  ] as const;

  return (
    <>
      <PageHeader title={t("title")} subtitle={t("subtitle")} />
      <div className="grid gap-3 sm:grid-cols-3">
        {tiles.map(([label, value]) => (
          <div key={label} className="rounded-lg border bg-card p-4">
            <p className="text-muted-foreground text-sm">{label}</p>
            <p className="font-bold text-2xl">{value ?? "—"}</p>
          </div>
        ))}
      </div>
      <VoucherLookup />
      <div className="flex flex-wrap gap-2">
        <Input
          type="search"
          aria-label={t("search")}
          placeholder={t("search")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="max-w-sm"
        />
        <NewProgramDialog />
        <Button type="button" variant="outline" onClick={() => setSort(nextSort)}>
          <ArrowUpDown aria-hidden="true" />
          {t(`sort.${sort}`)}
        </Button>
      </div>
      {cards.data && list.length === 0 ? (
        <p className="text-muted-foreground">{t("empty")}</p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {list.map((card) => (
          <CompanyCardTile key={card.id} card={card} />
        ))}
      </div>
    </>
  );
}
