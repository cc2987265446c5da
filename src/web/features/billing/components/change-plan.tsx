import { type BillingOverview, PLANS, type Plan } from "@shared/billing.schema";
import { ArrowRightLeft, BadgeCheck } from "lucide-react";
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
import { checkoutTarget, useChangePlan } from "../api";
import { PlanCard, usePlanLabels } from "./plan-card";

/** With a subscription: both plans, the current one marked, the other with 'Mudar para …'. */
export function PlanOptions({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation("billing");
  const titleId = useId();
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
              ) : (
                <ChangePlanButton plan={plan} />
              )
            }
          />
        ))}
      </div>
    </section>
  );
}

/** 'Mudar para …' asks first, saying plainly how the price difference is handled. */
function ChangePlanButton({ plan }: { plan: Plan }) {
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
      ({ checkoutUrl }) => {
        toast.success(t("change.done", { plan: name }));
        if (!checkoutUrl) return;
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
        <DialogDescription>{t("change.body")}</DialogDescription>
        <p className="font-medium text-sm">{t("change.newPrice", { price: labels.price(plan) })}</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t("change.back")}
            </Button>
          </DialogClose>
          <Button type="button" onClick={confirm} disabled={change.isPending}>
            {t("change.confirm", { plan: name })}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
