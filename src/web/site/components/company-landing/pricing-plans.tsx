import { Crown, Gift, Stamp } from "lucide-react";
import { useTexts } from "../../texts";
import { CheckList } from "../check-list";
import { LinkButton } from "../link-button";

/**
 * The two plans at the prices the product charges (shared/billing.schema.ts PLAN_PRICES_CENTS;
 * every button to /cadastro-empresa, the sign-up) and what every new company gets: no struck-through price, no
 * discount or spots left that were never real (CDC art. 37).
 */
export function PricingPlans() {
  const { pricing } = useTexts("landing-company");
  const { pro, supreme } = pricing.plans;
  const plans = [
    { key: "pro", plan: pro, icon: Stamp },
    { key: "supreme", plan: supreme, icon: Crown },
  ];

  return (
    <div className="grid gap-8">
      <ul className="mx-auto grid w-full max-w-4xl gap-6 md:grid-cols-2">
        {plans.map(({ key, plan, icon: Icon }) => {
          const highlighted = key === "pro";
          return (
            <li
              key={key}
              className={`relative flex min-w-0 flex-col gap-6 rounded-2xl border bg-card p-6 text-card-foreground shadow-sm md:p-8 ${
                highlighted ? "border-primary ring-2 ring-primary" : ""
              }`}
            >
              {highlighted ? (
                <p className="absolute -top-3 left-6 rounded-full bg-primary px-3 py-0.5 font-semibold text-primary-foreground text-xs">
                  {pricing.popular}
                </p>
              ) : null}
              <div className="grid gap-2">
                <div className="flex flex-wrap items-center gap-2">
                  <Icon aria-hidden="true" className="size-5 text-primary" />
                  <h3 className="font-bold text-xl">{plan.name}</h3>
                </div>
                <p className="text-muted-foreground text-sm">{plan.description}</p>
              </div>
              <p>
                <span className="sr-only">{plan.reading}</span>
                <span aria-hidden="true" className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-extrabold text-4xl tracking-tight">{plan.price}</span>
                  <span className="text-muted-foreground">{pricing.perMonth}</span>
                </span>
              </p>
              <CheckList
                items={plan.features}
                className="grid flex-1 content-start gap-2.5 text-sm"
              />
              <LinkButton
                href="/cadastro-empresa"
                size="lg"
                variant={highlighted ? "default" : "outline"}
                className="w-full whitespace-normal text-center"
              >
                {plan.cta}
              </LinkButton>
            </li>
          );
        })}
      </ul>
      <div className="mx-auto grid w-full max-w-4xl gap-4 rounded-2xl border-2 border-primary/40 border-dashed bg-background p-6 text-center md:text-left">
        <div className="grid gap-2">
          <h3 className="text-balance font-bold text-lg">
            <Gift aria-hidden="true" className="mr-2 inline size-5 align-[-4px] text-primary" />
            {pricing.promo.title}
          </h3>
          <CheckList
            inline
            items={pricing.promo.items}
            className="flex flex-wrap justify-center gap-x-5 gap-y-1 text-muted-foreground text-sm md:justify-start"
          />
        </div>
      </div>
    </div>
  );
}
