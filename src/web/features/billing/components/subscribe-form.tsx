import { zodResolver } from "@hookform/resolvers/zod";
import {
  BILLING_TYPES,
  type BillingOverview,
  PLANS,
  type Subscribe,
  SubscribeSchema,
} from "@shared/billing.schema";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { errorMessage, validationMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, useFormField } from "@/web/lib/form";
import { cn } from "@/web/lib/utils";
import { checkoutTarget, useSubscribe } from "../api";
import { PlanCard, usePlanLabels } from "./plan-card";

/**
 * 'Assinar': the two plans to choose from (side by side, stacked on a phone), how to pay (Pix
 * first), the CPF or CNPJ (typed with or without punctuation) and the billing e-mail. Then the
 * first charge's payment page when there is one to pay now.
 */
export function SubscribeForm({
  overview,
  defaultEmail,
}: {
  overview: BillingOverview;
  defaultEmail: string;
}) {
  const { t } = useTranslation("billing");
  const id = useId();
  const labels = usePlanLabels();
  const navigate = useNavigate();
  const subscribe = useSubscribe();
  const form = useForm<Subscribe, unknown, z.output<typeof SubscribeSchema>>({
    resolver: zodResolver(SubscribeSchema),
    defaultValues: {
      plan: overview.plan ?? "pro",
      billingType: overview.subscription?.billingType ?? "PIX",
      document: "",
      billingEmail: overview.billing?.email ?? defaultEmail,
    },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const document = field("document", { hint: true });
  const email = field("billingEmail", { hint: true });
  const plan = form.watch("plan");
  const methodError = validationMessage(form.formState.errors.billingType?.message);
  const planError = validationMessage(form.formState.errors.plan?.message);

  // The promise, not mutate's callbacks: once subscribed the page swaps this form for the plan
  // options, and an unmounted component's callbacks would never run.
  const onSubmit = form.handleSubmit((values) =>
    subscribe.mutateAsync(values).then(
      ({ checkoutUrl }) => {
        toast.success(t("subscribe.done", { plan: labels.name(values.plan) }));
        if (!checkoutUrl) return;
        const target = checkoutTarget(checkoutUrl);
        if (target.kind === "app") {
          navigate(target.path);
          return;
        }
        // The provider's page in a new tab; if the browser blocks it, the toast offers it again.
        window.open(target.url, "_blank", "noopener,noreferrer");
        toast(t("subscribe.paymentTab"), {
          action: {
            label: t("subscribe.openPayment"),
            onClick: () => window.open(target.url, "_blank", "noopener,noreferrer"),
          },
        });
      },
      (error: unknown) => {
        applyServerFieldErrors(form, error);
        toast.error(t("subscribe.error"), { description: errorMessage(error) });
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-6">
      <fieldset className="grid gap-3">
        <legend className="mb-3 font-semibold text-lg">{t("options.title")}</legend>
        <div className="grid gap-4 md:grid-cols-2">
          {PLANS.map((p) => (
            <PlanCard
              key={p}
              plan={p}
              as="label"
              htmlFor={`${id}-plan-${p}`}
              control={
                <input
                  id={`${id}-plan-${p}`}
                  type="radio"
                  value={p}
                  aria-label={labels.name(p)}
                  className="mt-1 size-4 shrink-0 accent-primary"
                  {...form.register("plan")}
                />
              }
            />
          ))}
        </div>
        {planError ? <p className="font-medium text-destructive text-sm">{planError}</p> : null}
      </fieldset>

      <section
        aria-labelledby={`${id}-title`}
        className="grid gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm md:p-5"
      >
        <h2 id={`${id}-title`} className="font-semibold text-lg">
          {t("subscribe.title")}
        </h2>
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-medium text-sm">{t("subscribe.method")}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {BILLING_TYPES.map((type) => (
              <label
                key={type}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm",
                  "has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                )}
              >
                <input
                  type="radio"
                  value={type}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  {...form.register("billingType")}
                />
                <span className="grid gap-0.5">
                  <span className="font-medium">{t(`methods.${type}`)}</span>
                  <span className="text-muted-foreground text-xs">
                    {t(`subscribe.methodHints.${type}`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
          {methodError ? (
            <p className="font-medium text-destructive text-sm">{methodError}</p>
          ) : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            id={document.id}
            label={t("subscribe.document")}
            hint={t("subscribe.documentHint")}
            error={document.error}
          >
            <Input {...document.control} inputMode="numeric" autoComplete="off" maxLength={20} />
          </Field>
          <Field
            id={email.id}
            label={t("subscribe.email")}
            hint={t("subscribe.emailHint")}
            error={email.error}
          >
            <Input {...email.control} type="email" autoComplete="email" maxLength={254} />
          </Field>
        </div>
        {overview.planStatus === "trial" ? (
          <p className="rounded-lg bg-muted px-3 py-2 text-sm">{t("subscribe.trialNote")}</p>
        ) : null}
        <div className="flex sm:justify-end">
          <Button
            type="submit"
            size="lg"
            className="w-full sm:w-auto"
            disabled={subscribe.isPending}
          >
            {t("subscribe.submit", { plan: labels.name(plan) })}
          </Button>
        </div>
      </section>
    </form>
  );
}
