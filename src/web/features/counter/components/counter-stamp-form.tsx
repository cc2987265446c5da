import type { CounterCardWithHistory, CounterRules } from "@shared/counter.schema";
import { STAMP_QUANTITY_MAX } from "@shared/limits";
import { formatBrazilianMoney } from "@shared/money";
import { stampsForAmount } from "@shared/stamp-value";
import type { AddStamp } from "@shared/stamps.schema";
import { Minus, Plus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MoneyInput } from "@/web/components/money-input";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { useCounterStamp } from "../api";
import { confirmByTouchAndSound, createActionKeys } from "../feedback";
import { useQueueWhenOffline } from "../use-offline-queue";
import type { Done } from "./done";

/** After a success the buttons rest this long: a second tap of the same hand is not a new stamp. */
const REST_AFTER_SUCCESS_MS = 1200;

/**
 * An open card's stamp at the counter: the quantity stepper (or the purchase amount when the
 * company stamps by value), the large '+1 carimbo', the refusal of the interval or the daily cap
 * and, for a Gerente or Dono, 'Carimbar mesmo assim' with a reason.
 */
export function StampForm({
  card,
  customer,
  rules,
  canOverride,
  onDone,
}: {
  card: CounterCardWithHistory;
  /** Whose card it is (the offline queue stamps them by id and shows the name). */
  customer: { id: string; name: string };
  rules: CounterRules | undefined;
  canOverride: boolean;
  /** The action done, or null as the next one starts (the last banner would mislead). */
  onDone: (done: Done | null) => void;
}) {
  const { t } = useTranslation("counter");
  const id = useId();
  const stamp = useCounterStamp();
  const keys = useRef(createActionKeys()).current;
  const queueWhenOffline = useQueueWhenOffline();
  const [quantity, setQuantity] = useState(1);
  const [amountCents, setAmountCents] = useState<number | null>(null);
  const [overriding, setOverriding] = useState(false);
  const [reason, setReason] = useState("");
  const [resting, setResting] = useState(false);
  const byValue = rules?.stampValueCents ? rules : null;
  const withAmount = byValue !== null && amountCents !== null && amountCents > 0;

  useEffect(() => {
    if (!resting) return;
    const timer = setTimeout(() => setResting(false), REST_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [resting]);

  const submit = (overrideReason?: string) => {
    const input: AddStamp = {
      method: "purchase",
      notes: "",
      quantity: withAmount ? 1 : quantity,
      ...(withAmount ? { amountCents } : {}),
      ...(overrideReason ? { overrideReason } : {}),
    };
    // The same stamp tried again (a double tap, a retry) keeps its key: the server stamps once.
    const key = keys.keyFor(JSON.stringify({ cardId: card.id, input }));
    onDone(null);
    // No connection: kept in the offline queue, for this customer's card in this programme.
    const { overrideReason: _reason, ...queuedInput } = input;
    const queued = overrideReason
      ? null
      : queueWhenOffline(customer.name, {
          ...queuedInput,
          customerId: customer.id,
          programId: card.programId,
          givenAt: new Date().toISOString(),
        });
    if (queued) {
      void queued.then(() => {
        confirmByTouchAndSound();
        setResting(true);
        setQuantity(1);
        setAmountCents(null);
        onDone({ kind: "queued", count: input.quantity });
      });
      return;
    }
    stamp.mutate(
      { target: { cardId: card.id }, key, input },
      {
        onSuccess: (answer) => {
          keys.done();
          confirmByTouchAndSound();
          setResting(true);
          setQuantity(1);
          setAmountCents(null);
          setOverriding(false);
          setReason("");
          onDone({
            kind: "stamped",
            added: Math.max(0, answer.stamps - card.stamps),
            stamps: answer.stamps,
            max: answer.maxStamps,
            complete: answer.status === "complete",
          });
        },
      },
    );
  };

  const refusedByRules =
    stamp.error instanceof ApiError &&
    (stamp.error.code === "stamp_too_soon" || stamp.error.code === "stamp_daily_cap");
  const label = withAmount
    ? t("stamp.byValue")
    : quantity > 1
      ? t("stamp.many", { count: quantity })
      : t("stamp.one");

  return (
    <div className="grid gap-4">
      {withAmount ? null : (
        <fieldset className="flex items-center justify-between gap-3">
          <legend className="sr-only">{t("stamp.quantity")}</legend>
          <span aria-hidden="true" className="font-medium">
            {t("stamp.quantity")}
          </span>
          <div className="flex items-center gap-2">
            <Button
              type="button"
              variant="outline"
              className="size-12"
              aria-label={t("stamp.less")}
              disabled={quantity <= 1}
              onClick={() => setQuantity((n) => Math.max(1, n - 1))}
            >
              <Minus aria-hidden="true" />
            </Button>
            <output
              aria-live="polite"
              data-testid="counter-quantity"
              className="w-10 text-center font-bold text-2xl tabular-nums"
            >
              {quantity}
            </output>
            <Button
              type="button"
              variant="outline"
              className="size-12"
              aria-label={t("stamp.more")}
              disabled={quantity >= STAMP_QUANTITY_MAX}
              onClick={() => setQuantity((n) => Math.min(STAMP_QUANTITY_MAX, n + 1))}
            >
              <Plus aria-hidden="true" />
            </Button>
          </div>
        </fieldset>
      )}
      {byValue ? (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-amount`}>{t("stamp.amount")}</Label>
          <MoneyInput
            id={`${id}-amount`}
            className="h-12 text-lg"
            cents={amountCents ?? Number.NaN}
            onCentsChange={setAmountCents}
            aria-describedby={`${id}-amount-hint`}
          />
          <p id={`${id}-amount-hint`} className="text-muted-foreground text-xs">
            {byValue.maxStampsPerPurchase
              ? t("stamp.amountHintMax", {
                  value: formatBrazilianMoney(byValue.stampValueCents ?? 0),
                  max: byValue.maxStampsPerPurchase,
                })
              : t("stamp.amountHint", {
                  value: formatBrazilianMoney(byValue.stampValueCents ?? 0),
                })}
          </p>
          {withAmount ? (
            <AmountPreview
              amountCents={amountCents}
              rules={byValue}
              room={Math.max(0, card.maxStamps - card.stamps)}
            />
          ) : null}
        </div>
      ) : null}
      <StampButton onClick={() => submit()} pending={stamp.isPending || resting} label={label} />
      {stamp.isError ? <Refusal error={stamp.error} /> : null}
      {refusedByRules && canOverride ? (
        overriding ? (
          <form
            className="grid gap-2 rounded-xl border border-amber-500/60 p-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (reason.trim().length >= 3) submit(reason.trim());
            }}
          >
            <Label htmlFor={`${id}-reason`}>{t("override.reason")}</Label>
            <Input
              id={`${id}-reason`}
              className="h-12"
              value={reason}
              maxLength={200}
              autoFocus
              onChange={(event) => setReason(event.target.value)}
            />
            <Button
              type="submit"
              size="lg"
              variant="secondary"
              disabled={reason.trim().length < 3 || stamp.isPending}
            >
              {t("override.confirm")}
            </Button>
          </form>
        ) : (
          <Button type="button" size="lg" variant="outline" onClick={() => setOverriding(true)}>
            {t("override.open")}
          </Button>
        )
      ) : null}
    </div>
  );
}

/**
 * What the typed amount gives, before the tap: "R$ 47,50 → 4 carimbos" (or less than one, or more
 * than the card's `room`: the card takes that many and completes).
 */
function AmountPreview({
  amountCents,
  rules,
  room,
}: {
  amountCents: number;
  rules: CounterRules;
  room: number;
}) {
  const { t } = useTranslation("counter");
  const stamps = stampsForAmount(amountCents, rules);
  const amount = formatBrazilianMoney(amountCents);
  return (
    <output
      aria-live="polite"
      data-testid="counter-stamps-for-amount"
      className={
        stamps > 0
          ? "rounded-md bg-primary/10 p-2 font-semibold text-primary"
          : "rounded-md bg-amber-500/10 p-2 font-medium text-amber-800 text-sm dark:text-amber-300"
      }
    >
      {stamps > room
        ? t("stamp.amountCompletes", { amount, count: stamps, room })
        : stamps > 0
          ? t("stamp.amountGives", { amount, count: stamps })
          : t("stamp.amountTooLow", {
              amount,
              value: formatBrazilianMoney(rules.stampValueCents ?? 0),
            })}
    </output>
  );
}

export function StampButton({
  onClick,
  pending,
  label,
}: {
  onClick: () => void;
  pending: boolean;
  label: string;
}) {
  return (
    <Button
      type="button"
      className="h-16 w-full text-xl"
      disabled={pending}
      aria-busy={pending}
      onClick={onClick}
    >
      <Plus aria-hidden="true" className="size-6" />
      {label}
    </Button>
  );
}

export function Refusal({ error }: { error: unknown }) {
  return (
    <p role="alert" className="rounded-xl bg-destructive/10 p-3 font-medium text-destructive">
      {errorMessage(error)}
    </p>
  );
}
