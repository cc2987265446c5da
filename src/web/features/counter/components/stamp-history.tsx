import type { CounterCardWithHistory } from "@shared/counter.schema";
import { useId } from "react";
import { useTranslation } from "react-i18next";

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

export function StampHistory({ card }: { card: CounterCardWithHistory }) {
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
              {stamp.viaKey ? ` · ${t("history.via", { name: stamp.viaKey })}` : null}
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
