import { zodResolver } from "@hookform/resolvers/zod";
import {
  BONUS_NOTE_MAX_LENGTH,
  type BonusEntry,
  type CustomerBonus,
  type UseBonus,
  UseBonusSchema,
} from "@shared/referrals.schema";
import { useQuery } from "@tanstack/react-query";
import { Wallet } from "lucide-react";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { z } from "zod";
import { MoneyInput } from "@/web/components/money-input";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage, validationMessage } from "@/web/lib/error-message";
import { applyServerFieldErrors, fieldAria } from "@/web/lib/form";
import { formatDateTime, formatMoney } from "@/web/lib/format";
import { customerBonusQueryOptions, useUseBonus } from "../api";

/**
 * The company's record of a customer: the referral bonus balance, 'Usar bônus' at the counter
 * (an amount typed the Brazilian way and a note, confirmed before it is taken) and the latest
 * entries, credited or used, with who and when.
 */
export function CustomerBonusPanel({
  customerId,
  customerName,
}: {
  customerId: string;
  customerName: string;
}) {
  const { t } = useTranslation("referrals");
  const id = useId();
  const query = useQuery(customerBonusQueryOptions(customerId));
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-lg border p-3">
      <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
        <Wallet aria-hidden="true" className="size-4 text-primary" />
        {t("bonus.title")}
      </h3>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive">
          {t("bonus.loadError")}
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t("bonus.retry")}
          </Button>
        </div>
      ) : null}
      {query.data ? (
        <BonusDetails bonus={query.data} customerId={customerId} customerName={customerName} />
      ) : null}
    </section>
  );
}

function BonusDetails({
  bonus,
  customerId,
  customerName,
}: {
  bonus: CustomerBonus;
  customerId: string;
  customerName: string;
}) {
  const { t } = useTranslation("referrals");
  const [using, setUsing] = useState(false);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-base" data-testid="bonus-balance">
          {t("bonus.balance", { amount: formatMoney(bonus.balanceCents) })}
        </p>
        {bonus.balanceCents > 0 && !using ? (
          <Button type="button" size="sm" onClick={() => setUsing(true)}>
            {t("bonus.use")}
          </Button>
        ) : null}
      </div>
      {using ? (
        <UseBonusForm
          customerId={customerId}
          customerName={customerName}
          balanceCents={bonus.balanceCents}
          onDone={() => setUsing(false)}
        />
      ) : null}
      <BonusEntries entries={bonus.entries} />
    </>
  );
}

function UseBonusForm({
  customerId,
  customerName,
  balanceCents,
  onDone,
}: {
  customerId: string;
  customerName: string;
  balanceCents: number;
  onDone: () => void;
}) {
  const { t } = useTranslation(["referrals", "errors"]);
  const id = useId();
  const use = useUseBonus(customerId);
  const [confirming, setConfirming] = useState<UseBonus | null>(null);
  const form = useForm<z.input<typeof UseBonusSchema>, unknown, UseBonus>({
    resolver: zodResolver(UseBonusSchema),
    defaultValues: { amountCents: Number.NaN, note: "" },
    reValidateMode: "onSubmit",
  });
  const amountError = validationMessage(form.formState.errors.amountCents?.message);
  const noteError = validationMessage(form.formState.errors.note?.message);

  const onSubmit = form.handleSubmit((input) => {
    if (input.amountCents > balanceCents) {
      form.setError("amountCents", { message: t("errors:bonus_insufficient") });
      return;
    }
    setConfirming(input);
  });

  const confirm = (input: UseBonus) =>
    use.mutate(input, {
      onSuccess: () => {
        toast.success(t("referrals:bonus.used", { amount: formatMoney(input.amountCents) }));
        onDone();
      },
      onError: (error) => {
        setConfirming(null);
        applyServerFieldErrors(form, error);
        toast.error(errorMessage(error));
      },
    });

  if (confirming) {
    return (
      <div className="grid gap-3 rounded-md bg-muted/60 p-3">
        <p className="font-medium">
          {t("referrals:bonus.confirm", {
            amount: formatMoney(confirming.amountCents),
            name: customerName,
          })}
        </p>
        {confirming.note ? (
          <p className="text-muted-foreground text-xs">{confirming.note}</p>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={use.isPending}
            onClick={() => setConfirming(null)}
          >
            {t("referrals:bonus.back")}
          </Button>
          <Button type="button" disabled={use.isPending} onClick={() => confirm(confirming)}>
            {t("referrals:bonus.confirmYes")}
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form className="grid gap-3 rounded-md bg-muted/60 p-3" onSubmit={onSubmit} noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={`${id}-amount`}
          label={t("referrals:bonus.amount")}
          hint={t("referrals:bonus.amountHint", { amount: formatMoney(balanceCents) })}
          error={amountError}
        >
          <Controller
            control={form.control}
            name="amountCents"
            render={({ field }) => (
              <MoneyInput
                {...fieldAria(`${id}-amount`, { hint: !amountError, error: amountError })}
                name={field.name}
                ref={field.ref}
                cents={field.value}
                onBlur={field.onBlur}
                onCentsChange={(cents) => {
                  field.onChange(cents ?? Number.NaN);
                  form.clearErrors("amountCents");
                }}
              />
            )}
          />
        </Field>
        <Field id={`${id}-note`} label={t("referrals:bonus.note")} error={noteError}>
          <Input
            {...fieldAria(`${id}-note`, { error: noteError })}
            maxLength={BONUS_NOTE_MAX_LENGTH}
            {...form.register("note", { onChange: () => form.clearErrors("note") })}
          />
        </Field>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("referrals:bonus.cancel")}
        </Button>
        <Button type="submit">{t("referrals:bonus.continue")}</Button>
      </div>
    </form>
  );
}

function BonusEntries({ entries }: { entries: BonusEntry[] }) {
  const { t } = useTranslation("referrals");
  if (entries.length === 0) {
    return <p className="text-muted-foreground">{t("bonus.empty")}</p>;
  }
  return (
    <div className="grid gap-2">
      <h4 className="font-medium text-muted-foreground text-xs uppercase">{t("bonus.entries")}</h4>
      <ol className="grid gap-1.5" aria-label={t("bonus.entries")}>
        {entries.map((e) => (
          <li key={e.id} className="flex items-start justify-between gap-3 rounded-md border p-2">
            <span className="grid min-w-0 gap-0.5">
              <span className="font-medium">{t(`bonus.kinds.${e.kind}`)}</span>
              <span className="text-muted-foreground text-xs">
                {formatDateTime(e.createdAt)}
                {e.byName ? ` · ${t("bonus.by", { name: e.byName })}` : ""}
              </span>
              {e.note ? <span className="break-words text-xs">{e.note}</span> : null}
            </span>
            <span
              className={
                e.amountCents < 0
                  ? "shrink-0 font-semibold tabular-nums"
                  : "shrink-0 font-semibold text-emerald-700 tabular-nums dark:text-emerald-400"
              }
            >
              {e.amountCents < 0 ? "−" : "+"} {formatMoney(Math.abs(e.amountCents))}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
