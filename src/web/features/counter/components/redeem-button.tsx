import type { CounterCardWithHistory } from "@shared/counter.schema";
import { Gift } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { useCounterRedeem } from "../api";
import { confirmByTouchAndSound, createActionKeys } from "../feedback";
import { Refusal } from "./counter-stamp-form";
import type { Done } from "./done";

/**
 * 'Resgatar', asked first in place (a second large button confirms, 'Cancelar' goes back): no
 * dialog to aim at with the thumb, and nothing redeemed by one stray tap.
 */
export function RedeemButton({
  card,
  customerName,
  onDone,
}: {
  card: CounterCardWithHistory;
  customerName: string;
  /** The action done, or null as the next one starts (the last banner would mislead). */
  onDone: (done: Done | null) => void;
}) {
  const { t } = useTranslation("counter");
  const redeem = useCounterRedeem();
  const keys = useRef(createActionKeys()).current;
  const [asking, setAsking] = useState(false);
  const confirm = () => {
    const key = keys.keyFor(`redeem:${card.id}`);
    onDone(null);
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
          <p className="grid gap-1">
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
