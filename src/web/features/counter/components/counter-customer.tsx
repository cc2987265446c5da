import type {
  CounterCardWithHistory,
  CounterCustomer as CounterCustomerData,
  CounterRules,
} from "@shared/counter.schema";
import { STAMP_QUANTITY_MAX } from "@shared/limits";
import { formatBrazilianMoney } from "@shared/money";
import type { AddStamp } from "@shared/stamps.schema";
import { CircleCheck, Gift, Minus, Plus, UserRound } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MoneyInput } from "@/web/components/money-input";
import { StampGrid } from "@/web/components/stamp-grid";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { useCounterRedeem, useCounterStamp } from "../api";
import { confirmByTouchAndSound, createActionKeys } from "../feedback";

/** After a success the buttons rest this long: a second tap of the same hand is not a new stamp. */
const REST_AFTER_SUCCESS_MS = 1200;

/** What the counter just did, shown until the next customer. */
type Done =
  | { kind: "stamped"; added: number; stamps: number; max: number; complete: boolean }
  | { kind: "redeemed"; reward: string };

/**
 * The customer found at the counter: name, masked phone, and each open card with large '+1
 * carimbo' and 'Resgatar' buttons, a quantity stepper, the purchase amount when the company gives
 * stamps by value, the refusal of the interval or the daily cap (and, for a Gerente or Dono,
 * 'Carimbar mesmo assim' with a reason), and the card's latest stamps with who gave them.
 * 'Próximo cliente' goes back to the scanner.
 */
export function CounterCustomer({
  customer,
  rules,
  canOverride,
  onNext,
}: {
  customer: CounterCustomerData;
  rules: CounterRules | undefined;
  /** A Gerente or a Dono may stamp past the interval or the daily cap, with a reason. */
  canOverride: boolean;
  onNext: () => void;
}) {
  const { t } = useTranslation("counter");
  const [done, setDone] = useState<Done | null>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (done) nextButton.current?.focus();
  }, [done]);

  return (
    <section aria-label={customer.name} className="grid gap-4" data-testid="counter-customer">
      <header className="flex items-start gap-3">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-muted">
          <UserRound aria-hidden="true" className="size-6" />
        </span>
        <div className="grid min-w-0 flex-1">
          <h2 className="break-words font-bold text-xl leading-tight">{customer.name}</h2>
          {customer.maskedPhone ? (
            <p className="text-muted-foreground text-sm tabular-nums">{customer.maskedPhone}</p>
          ) : null}
        </div>
      </header>

      {done ? <DoneBanner done={done} /> : null}

      <Button
        ref={nextButton}
        type="button"
        size="lg"
        variant={done ? "default" : "outline"}
        className="h-14 w-full text-lg"
        onClick={onNext}
      >
        {t("customer.next")}
      </Button>

      {customer.cards.length === 0 ? (
        <NoOpenCard customerId={customer.id} onDone={setDone} />
      ) : null}
      {customer.cards.map((card) => (
        <CardPanel
          key={card.id}
          card={card}
          customerName={customer.name}
          rules={rules}
          canOverride={canOverride}
          onDone={setDone}
        />
      ))}
    </section>
  );
}

function DoneBanner({ done }: { done: Done }) {
  const { t } = useTranslation("counter");
  return (
    <p
      role="status"
      data-testid="counter-done"
      className="flex items-center gap-3 rounded-xl bg-emerald-600 p-4 font-semibold text-lg text-white"
    >
      {done.kind === "redeemed" ? (
        <Gift aria-hidden="true" className="size-7 shrink-0" />
      ) : (
        <CircleCheck aria-hidden="true" className="size-7 shrink-0" />
      )}
      <span>
        {done.kind === "redeemed"
          ? t("done.redeemed", { reward: done.reward })
          : done.complete
            ? t("done.complete", { stamps: done.stamps, max: done.max })
            : t("done.stamped", { count: done.added, stamps: done.stamps, max: done.max })}
      </span>
    </p>
  );
}

/** Nothing open (all redeemed, say): a stamp opens the card of the default programme. */
function NoOpenCard({ customerId, onDone }: { customerId: string; onDone: (done: Done) => void }) {
  const { t } = useTranslation("counter");
  const stamp = useCounterStamp();
  const keys = useRef(createActionKeys()).current;
  const submit = () => {
    const input: AddStamp = { method: "purchase", notes: "", quantity: 1 };
    const key = keys.keyFor(JSON.stringify({ customerId, input }));
    stamp.mutate(
      { target: { customerId }, key, input },
      {
        onSuccess: (card) => {
          keys.done();
          confirmByTouchAndSound();
          onDone({
            kind: "stamped",
            added: card.stamps,
            stamps: card.stamps,
            max: card.maxStamps,
            complete: card.status === "complete",
          });
        },
      },
    );
  };
  return (
    <div className="grid gap-3 rounded-2xl border p-4">
      <p className="text-muted-foreground">{t("customer.noOpenCard")}</p>
      <StampButton onClick={submit} pending={stamp.isPending} label={t("stamp.one")} />
      {stamp.isError ? <Refusal error={stamp.error} /> : null}
    </div>
  );
}

function CardPanel({
  card,
  customerName,
  rules,
  canOverride,
  onDone,
}: {
  card: CounterCardWithHistory;
  customerName: string;
  rules: CounterRules | undefined;
  canOverride: boolean;
  onDone: (done: Done) => void;
}) {
  const { t } = useTranslation("counter");
  const id = useId();
  const complete = card.status === "complete";
  return (
    <article
      aria-labelledby={`${id}-program`}
      data-testid="counter-card"
      className="grid gap-4 rounded-2xl border bg-card p-4 shadow-sm"
    >
      <header className="grid gap-1">
        <h3 id={`${id}-program`} className="font-semibold text-lg leading-tight">
          {card.programName}
        </h3>
        <p className="text-muted-foreground text-sm">{t("card.reward", { reward: card.reward })}</p>
      </header>
      <p className="font-bold text-4xl tabular-nums" data-testid="counter-card-count">
        {t("card.count", { stamps: card.stamps, max: card.maxStamps })}
      </p>
      <StampGrid stamps={card.stamps} max={card.maxStamps} />
      {complete ? (
        <RedeemButton card={card} customerName={customerName} onDone={onDone} />
      ) : (
        <StampForm card={card} rules={rules} canOverride={canOverride} onDone={onDone} />
      )}
      <History card={card} />
    </article>
  );
}

function StampForm({
  card,
  rules,
  canOverride,
  onDone,
}: {
  card: CounterCardWithHistory;
  rules: CounterRules | undefined;
  canOverride: boolean;
  onDone: (done: Done) => void;
}) {
  const { t } = useTranslation("counter");
  const id = useId();
  const stamp = useCounterStamp();
  const keys = useRef(createActionKeys()).current;
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

function StampButton({
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

function Refusal({ error }: { error: unknown }) {
  return (
    <p role="alert" className="rounded-xl bg-destructive/10 p-3 font-medium text-destructive">
      {errorMessage(error)}
    </p>
  );
}

/**
 * 'Resgatar', asked first in place (a second large button confirms, 'Cancelar' goes back): no
 * dialog to aim at with the thumb, and nothing redeemed by one stray tap.
 */
function RedeemButton({
  card,
  customerName,
  onDone,
}: {
  card: CounterCardWithHistory;
  customerName: string;
  onDone: (done: Done) => void;
}) {
  const { t } = useTranslation("counter");
  const id = useId();
  const redeem = useCounterRedeem();
  const keys = useRef(createActionKeys()).current;
  const [asking, setAsking] = useState(false);
  const confirm = () => {
    const key = keys.keyFor(`redeem:${card.id}`);
    redeem.mutate(
      { cardId: card.id, key },
      {
        onSuccess: () => {
          keys.done();
          confirmByTouchAndSound();
          setAsking(false);
          onDone({ kind: "redeemed", reward: card.reward });
        },
      },
    );
  };
  return (
    <div className="grid gap-3">
      <p className="flex items-center gap-2 rounded-xl bg-primary/10 p-3 font-semibold">
        <Gift aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {t("card.complete")}
      </p>
      {asking ? (
        <div className="grid gap-3 rounded-xl border-2 border-primary p-3">
          <p id={`${id}-ask`} className="grid gap-1">
            <span className="font-semibold text-lg">
              {t("redeem.title", { reward: card.reward })}
            </span>
            <span className="text-muted-foreground text-sm">
              {t("redeem.description", { name: customerName, program: card.programName })}
            </span>
          </p>
          <Button
            type="button"
            className="h-16 w-full text-xl"
            disabled={redeem.isPending}
            aria-busy={redeem.isPending}
            onClick={confirm}
          >
            <Gift aria-hidden="true" className="size-6" />
            {t("redeem.confirm")}
          </Button>
          <Button
            type="button"
            size="lg"
            variant="outline"
            disabled={redeem.isPending}
            onClick={() => setAsking(false)}
          >
            {t("redeem.cancel")}
          </Button>
        </div>
      ) : (
        <Button type="button" className="h-16 w-full text-xl" onClick={() => setAsking(true)}>
          <Gift aria-hidden="true" className="size-6" />
          {t("redeem.open")}
        </Button>
      )}
      {redeem.isError ? <Refusal error={redeem.error} /> : null}
    </div>
  );
}

// Intl, not date-fns: the counter's light entry (decision 033) does without it.
const timeFormat = new Intl.DateTimeFormat("pt-BR", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const dayFormat = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

/** A stamp's time: HH:mm today, else dd/MM/yyyy - HH:mm. */
function formatStampTime(iso: string): string {
  const date = new Date(iso);
  const time = timeFormat.format(date);
  return date.toDateString() === new Date().toDateString()
    ? time
    : `${dayFormat.format(date)} - ${time}`;
}

function History({ card }: { card: CounterCardWithHistory }) {
  const { t } = useTranslation("counter");
  const id = useId();
  if (card.history.length === 0) return null;
  return (
    <div className="grid gap-1.5">
      <h4 id={`${id}-history`} className="font-medium text-sm">
        {t("history.title")}
      </h4>
      <ul
        aria-labelledby={`${id}-history`}
        className="grid gap-1.5 text-sm"
        data-testid="counter-history"
      >
        {card.history.map((stamp) => (
          <li key={stamp.id} className="flex flex-wrap justify-between gap-x-2">
            <span>
              {t("history.line", { count: stamp.count, method: t(`methods.${stamp.method}`) })}
              {stamp.givenByName ? ` · ${t("history.by", { name: stamp.givenByName })}` : null}
            </span>
            <span className="text-muted-foreground tabular-nums">
              {formatStampTime(stamp.createdAt)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
