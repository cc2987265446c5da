import { zodResolver } from "@hookform/resolvers/zod";
import { formatBrazilianMoney } from "@shared/money";
import { type StampValueRule, stampsForAmount } from "@shared/stamp-value";
import {
  type AddStamp,
  AddStampSchema,
  OVERRIDE_REASON_MAX_LENGTH,
  STAMP_NOTES_MAX_LENGTH,
  type StaffStampMethod,
} from "@shared/stamps.schema";
import { type ReactNode, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { MoneyInput } from "@/web/components/money-input";
import { Button } from "@/web/components/ui/button";
import { DialogClose } from "@/web/components/ui/dialog";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/input";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage, validationMessage } from "@/web/lib/error-message";
import { fieldAria, useFormField } from "@/web/lib/form";
import { StampMethodSelect } from "./stamp-method-select";

type StampFormProps = {
  /** The checked stamp (notes trimmed); the dialog saves it. */
  onSubmit: (stamp: AddStamp) => void;
  pending: boolean;
  /** The save's failure, shown above the buttons. */
  error: unknown;
  /** False while the dialog still lacks a choice of its own (e.g. the customer). */
  canSubmit?: boolean;
  /** The dialog's own fields, before the method (the dashboard's customer and card). */
  children?: ReactNode;
  /** The methods the company's loyalty rules allow (the route reads them); all by default. */
  methods?: readonly StaffStampMethod[];
  /**
   * The member may stamp past the interval or the daily cap with a reason (a Gerente or the Dono:
   * `can(role, "stampOverride")`; the route knows the role).
   */
  mayOverride?: boolean;
  /**
   * The company's "1 carimbo a cada R$ X" rule: when on, a purchase asks for its amount (sent as
   * `amountCents`) and shows the stamps it gives before the stamp is confirmed.
   */
  byValue?: StampValueRule | null;
  /** Stamps the chosen card still takes: a purchase worth more says the card completes with them. */
  room?: number;
};

/** The counter rules' refusals a reason can pass. */
const OVERRIDABLE = new Set(["stamp_too_soon", "stamp_daily_cap"]);

/**
 * The one stamp form of both add-stamp dialogs (the dashboard's and a card's): how the stamp was
 * earned (purchase first) and optional notes, checked with the schema the API uses.
 */
export function StampForm({
  onSubmit,
  pending,
  error,
  canSubmit = true,
  children,
  methods,
  mayOverride = false,
  byValue,
  room,
}: StampFormProps) {
  const { t } = useTranslation("stamps");
  const overridable = mayOverride && error instanceof ApiError && OVERRIDABLE.has(error.code);
  const form = useForm<z.input<typeof AddStampSchema>, unknown, AddStamp>({
    resolver: zodResolver(AddStampSchema),
    defaultValues: { method: "purchase", notes: "" },
    reValidateMode: "onSubmit",
  });
  const field = useFormField(form);
  const method = field("method");
  const notes = field("notes");
  const rule = byValue?.stampValueCents
    ? { ...byValue, stampValueCents: byValue.stampValueCents }
    : null;
  const askAmount = rule !== null && form.watch("method") === "purchase";
  // Without the rule (or for another method) no amount is sent: the method's stamps are given.
  const checked = (stamp: AddStamp): AddStamp | null => {
    if (!askAmount) {
      const { amountCents: _amount, ...rest } = stamp;
      return rest;
    }
    const amount = stamp.amountCents ?? 0;
    if (stampsForAmount(amount, rule) < 1) {
      form.setError("amountCents", {
        type: "value",
        message: amount > 0 ? "stamp_amount_too_low" : "stamp_amount_invalid",
      });
      return null;
    }
    return stamp;
  };
  const submit = (extra: Partial<AddStamp> = {}) =>
    form.handleSubmit((stamp) => {
      const valid = checked(stamp);
      if (valid) onSubmit({ ...valid, ...extra });
    });

  return (
    <form className="grid gap-4" onSubmit={submit()} noValidate>
      {children}
      <Field id={method.id} label={t("method")} error={method.error}>
        <StampMethodSelect methods={methods} {...method.control} />
      </Field>
      {askAmount ? <AmountField form={form} rule={rule} room={room} /> : null}
      <Field id={notes.id} label={t("notes")} error={notes.error}>
        <Input maxLength={STAMP_NOTES_MAX_LENGTH} {...notes.control} />
      </Field>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(error)}
        </p>
      ) : null}
      {overridable ? (
        <OverrideReason
          pending={pending}
          onOverride={(overrideReason) => submit({ overrideReason })()}
        />
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t("cancel")}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={!canSubmit || pending}>
          {pending ? <Spinner /> : null}
          {t("submit")}
        </Button>
      </div>
    </form>
  );
}

type StampFormValues = z.input<typeof AddStampSchema>;

/**
 * 'Valor da compra' (R$, typed as a Brazilian types it) with the rule below it, and what the
 * amount gives: "R$ 47,50 → 4 carimbos", or that it is worth less than one stamp.
 */
function AmountField({
  form,
  rule,
  room,
}: {
  form: ReturnType<typeof useForm<StampFormValues, unknown, AddStamp>>;
  rule: StampValueRule & { stampValueCents: number };
  room?: number;
}) {
  const { t } = useTranslation("stamps");
  const id = useId();
  const value = formatBrazilianMoney(rule.stampValueCents);
  const hint = rule.maxStampsPerPurchase
    ? t("amountHintMax", { value, max: rule.maxStampsPerPurchase })
    : t("amountHint", { value });
  return (
    <Controller
      control={form.control}
      name="amountCents"
      render={({ field, fieldState }) => {
        const amount = field.value ?? Number.NaN;
        const stamps = stampsForAmount(amount, rule);
        const typed = Number.isFinite(amount) && amount > 0;
        const error = fieldState.error
          ? fieldState.error.message === "stamp_amount_too_low"
            ? t("amountTooLow", { amount: formatBrazilianMoney(amount), value })
            : validationMessage(fieldState.error.message)
          : undefined;
        return (
          <div className="grid gap-2">
            <Field id={id} label={t("amount")} hint={hint} error={error}>
              <MoneyInput
                {...fieldAria(id, { hint: !error, error })}
                name={field.name}
                ref={field.ref}
                className="h-11 text-base"
                cents={amount}
                onCentsChange={(cents) => {
                  form.clearErrors("amountCents");
                  field.onChange(cents ?? undefined);
                }}
                onBlur={field.onBlur}
              />
            </Field>
            {typed && !error ? (
              <output
                aria-live="polite"
                data-testid="stamps-for-amount"
                className={
                  stamps > 0
                    ? "rounded-md bg-primary/10 p-2 font-semibold text-primary"
                    : "rounded-md bg-amber-500/10 p-2 font-medium text-amber-800 text-sm dark:text-amber-300"
                }
              >
                {stamps > 0 && room !== undefined && stamps > room
                  ? t("amountCompletes", {
                      amount: formatBrazilianMoney(amount),
                      count: stamps,
                      room,
                    })
                  : stamps > 0
                    ? t("amountGives", { amount: formatBrazilianMoney(amount), count: stamps })
                    : t("amountTooLow", { amount: formatBrazilianMoney(amount), value })}
              </output>
            ) : null}
          </div>
        );
      }}
    />
  );
}

/**
 * Past the interval or the daily cap, a Gerente or the Dono may stamp anyway with the reason
 * ('Carimbar mesmo assim'): it is kept with the stamp and who gave it.
 */
function OverrideReason({
  pending,
  onOverride,
}: {
  pending: boolean;
  onOverride: (reason: string) => void;
}) {
  const { t } = useTranslation("stamps");
  const id = useId();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = () => {
    const checked = AddStampSchema.shape.overrideReason.safeParse(reason);
    if (!checked.success || !checked.data) {
      setError(validationMessage(checked.error?.issues[0]?.message ?? "override_reason_required"));
      return;
    }
    onOverride(checked.data);
  };
  return (
    <div className="grid gap-2 rounded-md border border-amber-500/50 bg-amber-500/5 p-3">
      <Field id={id} label={t("override.reason")} hint={t("override.hint")} error={error}>
        <Input
          {...fieldAria(id, { hint: !error, error })}
          maxLength={OVERRIDE_REASON_MAX_LENGTH}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setError(undefined);
          }}
        />
      </Field>
      <Button type="button" variant="secondary" disabled={pending} onClick={submit}>
        {t("override.submit")}
      </Button>
    </div>
  );
}
