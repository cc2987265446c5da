import type {
  CounterCardWithHistory,
  CounterCustomer as CounterCustomerData,
  CounterRules,
} from "@shared/counter.schema";
import type { AddStamp } from "@shared/stamps.schema";
import { CircleCheck, CloudOff, Gift, UserRound } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { StampGrid } from "@/web/components/stamp-grid";
import { Button } from "@/web/components/ui/button";
import { useCounterStamp } from "../api";
import { confirmByTouchAndSound, createActionKeys } from "../feedback";
import { useQueueWhenOffline } from "../use-offline-queue";
import { Refusal, StampButton, StampForm } from "./counter-stamp-form";
import type { Done } from "./done";
import { RedeemButton } from "./redeem-button";
import { StampHistory } from "./stamp-history";

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
        <NoOpenCard customerId={customer.id} customerName={customer.name} onDone={setDone} />
      ) : null}
      {customer.cards.map((card) => (
        <CardPanel
          key={card.id}
          card={card}
          customerId={customer.id}
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
      ) : done.kind === "queued" ? (
        <CloudOff aria-hidden="true" className="size-7 shrink-0" />
      ) : (
        <CircleCheck aria-hidden="true" className="size-7 shrink-0" />
      )}
      <span>
        {done.kind === "redeemed"
          ? t("done.redeemed", { reward: done.reward })
          : done.kind === "queued"
            ? t("offline.queued", { count: done.count })
            : done.complete
              ? t("done.complete", { stamps: done.stamps, max: done.max })
              : t("done.stamped", { count: done.added, stamps: done.stamps, max: done.max })}
      </span>
    </p>
  );
}

/** Nothing open (all redeemed, say): a stamp opens the card of the default programme. */
function NoOpenCard({
  customerId,
  customerName,
  onDone,
}: {
  customerId: string;
  customerName: string;
  onDone: (done: Done | null) => void;
}) {
  const { t } = useTranslation("counter");
  const stamp = useCounterStamp();
  const keys = useRef(createActionKeys()).current;
  const queueWhenOffline = useQueueWhenOffline();
  const submit = () => {
    const input: AddStamp = { method: "purchase", notes: "", quantity: 1 };
    const key = keys.keyFor(JSON.stringify({ customerId, input }));
    onDone(null);
    const queued = queueWhenOffline(customerName, {
      ...input,
      customerId,
      givenAt: new Date().toISOString(),
    });
    if (queued) {
      void queued.then(() => {
        confirmByTouchAndSound();
        onDone({ kind: "queued", count: 1 });
      });
      return;
    }
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
  customerId,
  customerName,
  rules,
  canOverride,
  onDone,
}: {
  card: CounterCardWithHistory;
  customerId: string;
  customerName: string;
  rules: CounterRules | undefined;
  canOverride: boolean;
  /** The action done, or null as the next one starts (the last banner would mislead). */
  onDone: (done: Done | null) => void;
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
        <StampForm
          card={card}
          customer={{ id: customerId, name: customerName }}
          rules={rules}
          canOverride={canOverride}
          onDone={onDone}
        />
      )}
      <StampHistory card={card} />
    </article>
  );
}
