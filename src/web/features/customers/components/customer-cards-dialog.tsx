import type { CustomerRow } from "@shared/customers.schema";
import { useQuery } from "@tanstack/react-query";
import { CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { useDemoMode } from "@/web/lib/demo-mode";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate } from "@/web/lib/format";
import { customerCardsQueryOptions } from "../api";

/** 'Detalhes Cartões': the customer's totals and each card with its progress (spec section 2). */
export function CustomerCardsDialog({ customer }: { customer: CustomerRow }) {
  const { t } = useTranslation("customers");
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline">
          <CreditCard aria-hidden="true" />
          {t("cards.open")}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogTitle>{t("cards.title", { name: customer.name })}</DialogTitle>
        <DialogDescription>{customer.email}</DialogDescription>
        <CustomerCards customerId={customer.id} />
        <CloseButton />
      </DialogContent>
    </Dialog>
  );
}

function CustomerCards({ customerId }: { customerId: string }) {
  const { t } = useTranslation("customers");
  const cards = useQuery(customerCardsQueryOptions(customerId));
  const demo = useDemoMode();
  if (cards.isPending) return <Spinner />;
  if (cards.isError)
    return (
      <p role="alert" className="text-destructive text-sm">
        {errorMessage(cards.error)}
      </p>
    );
  const list = cards.data;
  const totals = [
    [t("cards.total"), list.length],
    [t("cards.completed"), list.filter((c) => c.status !== "active").length],
    [t("cards.stamps"), list.reduce((sum, c) => sum + c.stamps, 0)],
  ] as const;

  return (
    <div className="grid gap-4 text-sm">
      <dl className="grid grid-cols-3 gap-2">
        {totals.map(([label, value]) => (
          <div key={label} className="rounded-md border p-3 text-center">
            <dt className="text-muted-foreground text-xs">{label}</dt>
            <dd className="font-bold text-xl">{value}</dd>
          </div>
        ))}
      </dl>
      {list.length === 0 ? (
        <p className="text-center text-muted-foreground">
          {t(demo ? "cards.emptyDemo" : "cards.empty")}
        </p>
      ) : (
        <ul className="grid gap-3">
          {list.map((card) => {
            const percent = Math.min(100, Math.round((card.stamps / card.maxStamps) * 100));
            // A person's reference: the programme's name, never the card's internal id.
            const label = card.programName;
            return (
              <li key={card.id} className="grid gap-2 rounded-md border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="break-words font-medium">
                    {t("cards.card", { name: label })}
                  </span>
                  <span className="rounded-full bg-muted px-2 py-0.5 text-xs">
                    {t(`cards.badge.${card.status}`)}
                  </span>
                </div>
                <div className="flex justify-between text-muted-foreground text-xs">
                  <span>{t("cards.progress", { stamps: card.stamps, max: card.maxStamps })}</span>
                  <span>{t("cards.percent", { percent })}</span>
                </div>
                <div
                  role="progressbar"
                  aria-label={t("cards.progressLabel", { name: label })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="h-2 overflow-hidden rounded-full bg-muted"
                >
                  <div className="h-full bg-primary" style={{ width: `${percent}%` }} />
                </div>
                <div className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs">
                  <span>{t("cards.created", { date: formatDate(card.createdAt) })}</span>
                  <span>{t("cards.type", { program: card.programName })}</span>
                  <span>{t("cards.reward", { reward: card.reward })}</span>
                  {card.redeemedAt ? (
                    <span>{t("cards.usedOn", { date: formatDate(card.redeemedAt) })}</span>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** A visible way out of the dialog (besides Escape and the overlay). */
function CloseButton() {
  const { t } = useTranslation("customers");
  return (
    <div className="flex justify-end">
      <DialogClose asChild>
        <Button type="button" variant="outline">
          {t("details.close")}
        </Button>
      </DialogClose>
    </div>
  );
}
