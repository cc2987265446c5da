import { type BillingOverview, type Invoice, PLANS, type Plan } from "@shared/billing.schema";
import { ArrowRightLeft, BadgeCheck, Hourglass, Undo2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate, formatMoney } from "@/web/lib/format";
import { checkoutTarget, useChangePlan } from "../api";
import { planChangeCase, waitingUpgrade } from "../plan-change";
import { formatUntil } from "../plan-dates";
import { PayActions } from "./pay-actions";
import { PlanCard, usePlanLabels } from "./plan-card";

/**
 * With a subscription: both plans, the current one marked, the other with 'Mudar para …' (or, while
 * an upgrade waits for its payment, that charge to pay and 'Desistir da mudança').
 */
export function PlanOptions({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation("billing");
  const titleId = useId();
  const waiting = waitingUpgrade(overview);
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <h2 id={titleId} className="font-semibold text-lg">
        {t("options.title")}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan}
            plan={plan}
            highlighted={plan === overview.plan}
            footer={
              plan === overview.plan ? (
                <p className="mt-auto flex items-center gap-2 font-medium text-primary text-sm">
                  <BadgeCheck aria-hidden="true" className="size-4" />
                  {t("options.yours")}
                </p>
              ) : waiting?.plan === plan ? (
                <WaitingUpgrade overview={overview} invoice={waiting} />
              ) : (
                <ChangePlanButton overview={overview} plan={plan} />
              )
            }
          />
        ))}
      </div>
    </section>
  );
}

/** An upgrade waiting for its payment: the difference to pay, and a way to withdraw it. */
function WaitingUpgrade({ overview, invoice }: { overview: BillingOverview; invoice: Invoice }) {
  const { t } = useTranslation("billing");
  const labels = usePlanLabels();
  const change = useChangePlan();
  const current = labels.name(overview.plan);
  // Asking for the current plan again withdraws the waiting upgrade (its charge is cancelled).
  const withdraw = () =>
    overview.plan &&
    change.mutateAsync({ plan: overview.plan }).then(
      () => toast.success(t("waiting.withdrawn", { plan: current })),
      (error: unknown) =>
        toast.error(t("waiting.withdrawError"), { description: errorMessage(error) }),
    );
  return (
    <div
      className="mt-auto grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 text-sm dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="waiting-upgrade"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Hourglass aria-hidden="true" className="size-4 shrink-0" />
        {t("waiting.title")}
      </p>
      <p>
        {t("waiting.body", {
          plan: labels.name(invoice.plan),
          amount: formatMoney(invoice.amountCents),
          date: formatDate(invoice.dueDate),
        })}
      </p>
      <div className="flex flex-wrap gap-2">
        <PayActions invoice={invoice} provider={overview.provider} primary />
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => void withdraw()}
          disabled={change.isPending}
        >
          <Undo2 aria-hidden="true" />
          {t("waiting.withdraw")}
        </Button>
      </div>
    </div>
  );
}

/**
 * The dialog's text for this change, as the server will do it (decision 027): an upgrade within a
 * paid period is paid now (the pro-rated difference) and switches when paid; with nothing paid yet
 * it moves now; a downgrade counts from the next charge. During the trial everything stays
 * included until its end, paid early or not.
 */
function PlanChangeTexts({ overview, plan }: { overview: BillingOverview; plan: Plan }) {
  const { t } = useTranslation("billing");
  const labels = usePlanLabels();
  const change = planChangeCase(overview, plan);
  const name = labels.name(plan);
  return (
    <div className="grid gap-2 text-sm" data-testid="plan-change-texts">
      {change.kind === "upgradeCharge" && change.paidUntil ? (
        <p>{t("change.upgradeCharge", { plan: name, date: formatUntil(change.paidUntil) })}</p>
      ) : change.kind === "upgradeNow" ? (
        <p>{t("change.upgradeNow")}</p>
      ) : (
        <p>{t("change.downgrade")}</p>
      )}
      {change.kind === "downgrade" && change.paidUntil ? (
        <p>
          {t("change.downgradePaid", {
            plan: labels.name(overview.plan),
            date: formatUntil(change.paidUntil),
          })}
        </p>
      ) : null}
      {change.trialUntil ? (
        <p className="rounded-md border border-sky-300 bg-sky-50 p-2 text-sky-950 dark:bg-sky-950 dark:text-sky-100">
          {t("change.trial", { date: formatUntil(change.trialUntil) })}
        </p>
      ) : null}
      <p className="font-medium">{t("change.newPrice", { price: labels.price(plan) })}</p>
    </div>
  );
}

/** 'Mudar para …' asks first, saying plainly what is charged and when the plan changes. */
function ChangePlanButton({ overview, plan }: { overview: BillingOverview; plan: Plan }) {
  const { t } = useTranslation("billing");
  const labels = usePlanLabels();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const change = useChangePlan();
  const name = labels.name(plan);

  // Closed first (the new plan's card has no such button: this one goes with the answer), and
  // the promise rather than mutate's callbacks, which an unmounted component would not run.
  const confirm = () => {
    setOpen(false);
    return change.mutateAsync({ plan }).then(
      ({ checkoutUrl, overview: after }) => {
        if (!checkoutUrl) {
          toast.success(t("change.done", { plan: name }));
          return;
        }
        // An upgrade's difference to pay: the plan moves once it is paid.
        const charge = waitingUpgrade(after);
        toast.success(
          charge
            ? t("change.charged", { plan: name, amount: formatMoney(charge.amountCents) })
            : t("change.chargedNoAmount", { plan: name }),
        );
        const target = checkoutTarget(checkoutUrl);
        if (target.kind === "app") navigate(target.path);
        else window.open(target.url, "_blank", "noopener,noreferrer");
      },
      (error: unknown) => toast.error(t("change.error"), { description: errorMessage(error) }),
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          className="mt-auto w-full"
          disabled={change.isPending}
        >
          <ArrowRightLeft aria-hidden="true" />
          {t("options.changeTo", { plan: name })}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogTitle>{t("change.title", { plan: name })}</DialogTitle>
        <DialogDescription asChild className="text-foreground">
          <div>
            <PlanChangeTexts overview={overview} plan={plan} />
          </div>
        </DialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t("change.back")}
            </Button>
          </DialogClose>
          <Button type="button" onClick={confirm} disabled={change.isPending}>
            {planChangeCase(overview, plan).kind === "upgradeCharge"
              ? t("change.confirmCharge")
              : t("change.confirm", { plan: name })}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
