import { SAO_PAULO_TIME_ZONE } from "@shared/dates";
import { type SQLWrapper, sql } from "drizzle-orm";

// The zone written into the SQL text, as it always was (a constant, never user input).
const zone = sql.raw(`'${SAO_PAULO_TIME_ZONE}'`);

/** `value` (a timestamptz) as São Paulo wall-clock time: `(value at time zone 'America/Sao_Paulo')`. */
export const inSaoPaulo = (value: SQLWrapper) => sql`(${value} at time zone ${zone})`;

/** The São Paulo calendar day of a timestamptz. */
export const saoPauloDateOf = (value: SQLWrapper) => sql`${inSaoPaulo(value)}::date`;

/** Today's São Paulo calendar day. */
export const saoPauloToday = () => saoPauloDateOf(sql`now()`);

/** The first instant of the São Paulo calendar day `day` ('YYYY-MM-DD'), as a timestamptz. */
export const saoPauloDayStart = (day: string) =>
  sql`(${day}::date::timestamp at time zone ${zone})`;

/** The first instant after the São Paulo calendar day `day` (the next day's start). */
export const saoPauloDayEnd = (day: string) =>
  sql`((${day}::date + 1)::timestamp at time zone ${zone})`;
