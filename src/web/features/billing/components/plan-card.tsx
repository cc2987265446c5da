import { PLAN_PRICES_CENTS, type Plan } from "@shared/plans";
import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";

/** A plan's name and price a month (the prices come only from PLAN_PRICES_CENTS). */
export function usePlanLabels() {
  const { t } = useTranslation("billing");
  return {
    name: (plan: Plan | null) => (plan ? t(`plans.${plan}`) : t("plans.trial")),
    price: (plan: Plan) => formatMoney(PLAN_PRICES_CENTS[plan]),
    perMonth: (plan: Plan) => t("perMonth", { price: formatMoney(PLAN_PRICES_CENTS[plan]) }),
  };
}

/**
 * One plan: name, price a month and what it includes. `control` goes before the name (the radio
 * of 'Assinar'), `footer` at the bottom (the current plan's mark or 'Mudar para …').
 */
export function PlanCard({
  plan,
  highlighted = false,
  control,
  footer,
  as: Tag = "div",
  htmlFor,
}: {
  plan: Plan;
  highlighted?: boolean;
  control?: ReactNode;
  footer?: ReactNode;
  /** `label` when the whole card picks the plan (with `htmlFor` its radio). */
  as?: "div" | "label";
  htmlFor?: string;
}) {
  const { t } = useTranslation("billing");
  const labels = usePlanLabels();
  const features = t(`options.features.${plan}`, { returnObjects: true }) as string[];
  return (
    <Tag
      htmlFor={Tag === "label" ? htmlFor : undefined}
      data-plan={plan}
      className={cn(
        "grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs",
        Tag === "label" &&
          "cursor-pointer has-[:checked]:border-primary has-[:checked]:ring-2 has-[:checked]:ring-primary/30 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
        highlighted && "border-primary ring-2 ring-primary/30",
      )}
    >
      <div className="flex items-start gap-3">
        {control}
        <div className="grid min-w-0 gap-0.5">
          <h3 className="font-semibold text-base leading-tight">{labels.name(plan)}</h3>
          <p>
            <span className="font-bold text-2xl tracking-tight">{labels.price(plan)}</span>
            <span className="text-muted-foreground text-sm">{t("monthSuffix")}</span>
          </p>
        </div>
      </div>
      <ul className="grid gap-1.5 text-sm">
        {features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {footer}
    </Tag>
  );
}
