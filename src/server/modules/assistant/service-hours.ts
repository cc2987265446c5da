/**
 * Service hours (São Paulo time, per weekday, Sunday first): whether the company is open at a
 * moment, and when it opens next. Pure functions used by both engines.
 */
import type { ServiceDay } from "@shared/assistant.schema";
import { SAO_PAULO_TIME_ZONE } from "@shared/dates";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** Weekday names, Sunday first, as the assistant writes them. */
export const WEEKDAY_NAMES = {
  pt: [
    "domingo",
    "segunda-feira",
    "terça-feira",
    "quarta-feira",
    "quinta-feira",
    "sexta-feira",
    "sábado",
  ],
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
} as const;
const clock = new Intl.DateTimeFormat("en-US", {
  timeZone: SAO_PAULO_TIME_ZONE,
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The weekday (0 = Sunday) and `HH:mm` of `moment` in São Paulo. */
export function saoPauloClock(moment: Date): { weekday: number; time: string } {
  const parts = Object.fromEntries(clock.formatToParts(moment).map((p) => [p.type, p.value]));
  return {
    weekday: WEEKDAYS.indexOf(parts.weekday ?? "Sun"),
    time: `${parts.hour}:${parts.minute}`,
  };
}

export function isOpenAt(hours: ServiceDay[], moment: Date): boolean {
  const { weekday, time } = saoPauloClock(moment);
  const day = hours[weekday];
  return !!day?.open && day.start <= time && time < day.end;
}

/**
 * When the company opens next after `moment` (later today, or a following day within a week):
 * `daysAhead` 0 is today. Null when no day is open.
 */
export function nextOpening(
  hours: ServiceDay[],
  moment: Date,
): { weekday: number; start: string; daysAhead: number } | null {
  const { weekday, time } = saoPauloClock(moment);
  for (let ahead = 0; ahead <= 7; ahead++) {
    const w = (weekday + ahead) % 7;
    const day = hours[w];
    if (!day?.open) continue;
    if (ahead === 0 && day.start <= time) continue;
    return { weekday: w, start: day.start, daysAhead: ahead };
  }
  return null;
}
