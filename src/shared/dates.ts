import { isLeapYear } from "./text";

/**
 * Dates as the spec writes them (pt-BR: dd/MM/yyyy, dd/MM/yyyy - HH:mm), in São Paulo time:
 * the server formats at the edge (CSV, backup files, "today" for a company) with these.
 * Brazil has had no daylight saving since 2019, so São Paulo is UTC-3 all year; Intl still does
 * the arithmetic, so older timestamps come out right too.
 */

/** The app's time zone (also the zone SQL uses for "today": see src/server/db/time-zone.ts). */
export const SAO_PAULO_TIME_ZONE = "America/Sao_Paulo";

// Parts rather than a locale's format string: the output stays dd/MM/yyyy - HH:mm whatever the
// runtime's ICU data, and h23 never writes midnight as 24:00.
const parts = new Intl.DateTimeFormat("en-US", {
  timeZone: SAO_PAULO_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function saoPauloParts(date: Date) {
  const p = Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value]));
  return {
    year: p.year ?? "",
    month: p.month ?? "",
    day: p.day ?? "",
    hour: p.hour ?? "",
    minute: p.minute ?? "",
  };
}

/** 'YYYY-MM-DD': the São Paulo calendar day of `date` (today by default). */
export function saoPauloDate(date: Date = new Date()): string {
  const { year, month, day } = saoPauloParts(date);
  return `${year}-${month}-${day}`;
}

/** dd/MM/yyyy: the São Paulo calendar day of a timestamp. */
export function formatSaoPauloDate(date: Date): string {
  const { year, month, day } = saoPauloParts(date);
  return `${day}/${month}/${year}`;
}

/** dd/MM/yyyy - HH:mm: a timestamp in São Paulo time (the spec's date and time format). */
export function formatSaoPauloDateTime(date: Date): string {
  const { year, month, day, hour, minute } = saoPauloParts(date);
  return `${day}/${month}/${year} - ${hour}:${minute}`;
}

/** A calendar date with no time zone ('YYYY-MM-DD', or the start of an ISO string) as dd/MM/yyyy. */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split("-");
  return `${day}/${month}/${year}`;
}

/**
 * The birthdays ('MM-DD') celebrated on the calendar day `isoDate` ('YYYY-MM-DD'): its own; on
 * 28 February of a year without a 29 February, also 29 February's (spec: issue 16).
 */
export function birthdaysOn(isoDate: string): string[] {
  const year = Number(isoDate.slice(0, 4));
  const monthDay = isoDate.slice(5, 10);
  return monthDay === "02-28" && !isLeapYear(year) ? ["02-28", "02-29"] : [monthDay];
}
