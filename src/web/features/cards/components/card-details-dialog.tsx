import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { CompanyCard } from "@/shared/loyalty.schema";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDateTime } from "@/web/lib/format";
import { cardDetailsQueryOptions } from "../api";

/** 'Detalhes': the customer's contact, the card's dates and its stamp history, newest first. */
export function CardDetailsDialog({ card }: { card: CompanyCard }) {
  const { t } = useTranslation("cards");
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="ghost">
          {t("details.open")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{t("details.title", { name: card.customerName })}</DialogTitle>
        <DialogDescription>{card.programName}</DialogDescription>
        <CardDetails cardId={card.id} />
      </DialogContent>
    </Dialog>
  );
}

function CardDetails({ cardId }: { cardId: string }) {
  const { t } = useTranslation("cards");
  const { t: tStamps } = useTranslation("stamps");
  const details = useQuery(cardDetailsQueryOptions(cardId));
  if (details.isPending) return <Spinner />;
  if (details.isError) {
    return (
      <p role="alert" className="text-destructive text-sm">
        {errorMessage(details.error)}
      </p>
    );
  }
  const card = details.data;
  const facts: [string, string][] = [
    [t("details.email"), card.customerEmail],
    [t("details.phone"), card.customerPhone || "—"],
    [t("details.reward"), card.reward],
    [t("details.stamps"), `${card.stamps}/${card.maxStamps}`],
    [t("details.createdAt"), formatDateTime(card.createdAt)],
  ];
  if (card.completedAt) facts.push([t("details.completedAt"), formatDateTime(card.completedAt)]);
  if (card.redeemedAt) facts.push([t("details.redeemedAt"), formatDateTime(card.redeemedAt)]);

  return (
    <div className="grid gap-4 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <section className="grid gap-2">
        <h3 className="font-semibold">{t("details.history")}</h3>
        {card.history.length === 0 ? (
          <p className="text-muted-foreground">{t("details.noHistory")}</p>
        ) : (
          <ol className="grid gap-2" aria-label={t("details.history")}>
            {card.history.map((s) => (
              <li key={s.id} className="grid gap-0.5 rounded-md border p-2">
                <span className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium">
                    {tStamps(`methods.${s.method}`)} · {t("details.count", { count: s.count })}
                  </span>
                  <span className="text-muted-foreground text-xs">
                    {formatDateTime(s.createdAt)}
                  </span>
                </span>
                <span className="text-muted-foreground text-xs">
                  {t(`details.status.${s.status}`)}
                  {s.givenByName ? ` · ${t("details.givenBy", { name: s.givenByName })}` : ""}
                </span>
                {s.notes ? <span className="text-xs">{s.notes}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
