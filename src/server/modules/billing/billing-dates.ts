import { saoPauloDate } from "@shared/dates";

/**
 * Billing's calendar arithmetic on yyyy-MM-dd days (São Paulo's calendar; Brazil has no daylight
 * saving since 2019, so a day starts at 03:00 UTC).
 */

const parse = (day: string) => day.split("-").map(Number) as [number, number, number];
const format = (d: Date) => d.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const [y, m, d] = parse(day);
  return format(new Date(Date.UTC(y, m - 1, d + days)));
}

/** One month later, clamped to the month's last day (31 Jan → 28/29 Feb), as PostgreSQL does. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = parse(day);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return format(new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))));
}

/** The moment the São Paulo day `day` ends (the next day's 00:00 in São Paulo). */
export const endOfDay = (day: string): Date => new Date(`${addDays(day, 1)}T00:00:00-03:00`);

/** The São Paulo calendar day of a moment. */
export const dayOf = (moment: Date): string => saoPauloDate(moment);
