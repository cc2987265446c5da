import { STAMP_QUANTITY_MAX } from "@shared/limits";
import { CircleCheck, CloudOff, Minus, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { confirmByTouchAndSound } from "../feedback";
import type { OfflineQueue } from "../use-offline-queue";
import { Refusal, StampButton } from "./counter-stamp-form";

/** After a stamp the button rests this long: a second tap of the same hand is not a new stamp. */
const REST_AFTER_QUEUED_MS = 1200;

/** The customer's code as the counter had it when the connection dropped. */
export type OfflineCode = {
  /** What is sent: the typed short code, or the scanned QR token. */
  code: string;
  /** What is shown: K7Q-2MX. */
  label: string;
  /** When the QR code was scanned (the server checks its window at that moment). */
  scannedAt?: string;
};

/**
 * The customer at the counter while it has no connection: only their code is known (their name
 * and cards are the server's), so the screen shows the code, the quantity and '+1 carimbo', which
 * keeps the stamp in the queue with the time it was given and says so ('Carimbo guardado — será
 * enviado quando a conexão voltar'). The stamp goes on the customer's card of the default
 * programme, as purchases (the quantity); a company stamping by value gets the purchase's stamps,
 * the amount being typed only online.
 */
export function OfflineCustomer({
  customer,
  queue,
  onNext,
}: {
  customer: OfflineCode;
  queue: OfflineQueue["queue"];
  onNext: () => void;
}) {
  const { t } = useTranslation("counter");
  const [quantity, setQuantity] = useState(1);
  const [queued, setQueued] = useState<number | null>(null);
  const [resting, setResting] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);

  useEffect(() => {
    if (!resting) return;
    const timer = setTimeout(() => setResting(false), REST_AFTER_QUEUED_MS);
    return () => clearTimeout(timer);
  }, [resting]);

  const submit = () => {
    setResting(true);
    setFailed(null);
    const count = quantity;
    queue(customer.label, {
      code: customer.code,
      method: "purchase",
      notes: "",
      quantity,
      givenAt: new Date().toISOString(),
      ...(customer.scannedAt ? { scannedAt: customer.scannedAt } : {}),
    }).then(
      () => {
        confirmByTouchAndSound();
        setQueued(count);
        setQuantity(1);
      },
      (error: unknown) => setFailed(error),
    );
  };

  return (
    <section
      aria-label={customer.label}
      className="grid gap-4"
      data-testid="counter-offline-customer"
    >
      <header className="flex items-start gap-3">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          <CloudOff aria-hidden="true" className="size-6" />
        </span>
        <div className="grid min-w-0 flex-1 gap-0.5">
          <h2 className="font-bold font-mono text-2xl leading-tight tracking-widest">
            {customer.label}
          </h2>
          <p className="text-muted-foreground text-sm">{t("offline.nameLater")}</p>
        </div>
      </header>

      {queued !== null ? (
        <p
          role="status"
          data-testid="counter-offline-queued"
          className="flex items-center gap-3 rounded-xl bg-emerald-600 p-4 font-semibold text-white"
        >
          <CircleCheck aria-hidden="true" className="size-7 shrink-0" />
          <span>{t("offline.queued", { count: queued })}</span>
        </p>
      ) : null}

      <Button
        type="button"
        size="lg"
        variant={queued !== null ? "default" : "outline"}
        className="h-14 w-full text-lg"
        onClick={onNext}
      >
        {t("customer.next")}
      </Button>

      <div className="grid gap-4 rounded-2xl border bg-card p-4 shadow-sm">
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
            <output aria-live="polite" className="w-10 text-center font-bold text-2xl tabular-nums">
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
        <StampButton
          onClick={submit}
          pending={resting}
          label={quantity > 1 ? t("stamp.many", { count: quantity }) : t("stamp.one")}
        />
        {failed ? <Refusal error={failed} /> : null}
      </div>
    </section>
  );
}
