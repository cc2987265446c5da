import { useEffect, useState } from "react";
import { fill, useTexts } from "../../texts";

/** Whole seconds from `now` to the end of the current day, in local time. */
function secondsLeftToday(now = new Date()): number {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return Math.max(0, Math.ceil((midnight.getTime() - now.getTime()) / 1000));
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * The offer's countdown (marketing only): hours, minutes and seconds until the end of the day,
 * ticking every second. A `timer` whose name reads the time left, kept quiet (`aria-live="off"`)
 * so screen readers do not announce every tick.
 */
export function OfferCountdown() {
  const { countdown: t } = useTexts("landing-ai").offer;
  // Unknown until the browser runs it (the page's HTML is rendered at build time): "--" until then.
  const [left, setLeft] = useState<number | null>(null);

  useEffect(() => {
    setLeft(secondsLeftToday());
    const timer = window.setInterval(() => setLeft(secondsLeftToday()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const seconds = left ?? 0;
  const parts = [
    { value: Math.floor(seconds / 3600), label: t.hours, one: t.hour, many: t.hourPlural },
    {
      value: Math.floor((seconds % 3600) / 60),
      label: t.minutes,
      one: t.minute,
      many: t.minutePlural,
    },
    { value: seconds % 60, label: t.seconds, one: t.second, many: t.secondPlural },
  ];
  const spoken = parts.map((part) => `${part.value} ${part.value === 1 ? part.one : part.many}`);
  const time = `${spoken.slice(0, -1).join(", ")} ${t.and} ${spoken.at(-1)}`;

  return (
    <div className="grid gap-2">
      <p className="font-semibold text-sm">{t.title}</p>
      <div
        role="timer"
        aria-live="off"
        aria-label={left === null ? t.title : fill(t.label, { time })}
        className="flex items-start justify-center gap-2"
      >
        {parts.map((part, index) => (
          <div key={part.label} aria-hidden="true" className="flex items-start gap-2">
            {index > 0 ? <span className="pt-2 font-bold text-2xl">:</span> : null}
            <span className="grid justify-items-center gap-1">
              <span className="min-w-16 rounded-lg bg-foreground px-2 py-2 text-center font-bold font-mono text-3xl text-background tabular-nums">
                {left === null ? "--" : pad(part.value)}
              </span>
              <span className="text-muted-foreground text-xs">{part.label}</span>
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
