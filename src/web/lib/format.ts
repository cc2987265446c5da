type DateInput = Date | string;

/**
 * An API date as date-fns' `parseISO` reads it: a date-only string (YYYY-MM-DD) is that calendar
 * day in the browser's time zone, a date and time (T or a space between) the instant it names
 * (local time without an offset). Anything else is an invalid date. Without date-fns (decision
 * 042): the panel's first screen shows dates, and date-fns with its locales is 8 KB gzipped.
 */
function toDate(value: DateInput): Date {
  if (typeof value !== "string") return value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  return /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value)
    ? new Date(value.replace(" ", "T"))
    : new Date(Number.NaN);
}

const two = (n: number) => String(n).padStart(2, "0");

/** The date's day as dd/MM/yyyy; an invalid date throws, as date-fns' `format` did. */
function dayOf(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid time value");
  return `${two(date.getDate())}/${two(date.getMonth() + 1)}/${String(date.getFullYear()).padStart(4, "0")}`;
}

/** dd/MM/yyyy. A date-only string (YYYY-MM-DD) is read as that calendar day. */
export function formatDate(value: DateInput): string {
  return dayOf(toDate(value));
}

/** dd/MM/yyyy - HH:mm, in the browser's time zone. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return `${dayOf(date)} - ${two(date.getHours())}:${two(date.getMinutes())}`;
}

const sizeFormat = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** A file size in bytes, in KB or MB (1 KB = 1024 bytes): 1536 -> "1,5 KB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeFormat.format(bytes / 1024)} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** Integer cents to reais: 550 -> "R$ 5,50" (with a plain space, as the spec writes it). */
export function formatMoney(cents: number): string {
  return money.format(cents / 100).replace(/\s/g, " ");
}

export type RelativeTime = { unit: "now" } | { unit: "minutes" | "hours" | "days"; count: number };

/**
 * How long ago, in the bell's steps (spec section 9): under a minute 'Agora', then minutes, then
 * hours under 24 hours, else days. The caller turns it into words ('Nmin atrás' ...).
 */
export function relativeTime(value: DateInput, now: Date = new Date()): RelativeTime {
  const minutes = Math.floor((now.getTime() - toDate(value).getTime()) / 60_000);
  if (minutes < 1) return { unit: "now" };
  if (minutes < 60) return { unit: "minutes", count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: "hours", count: hours };
  return { unit: "days", count: Math.floor(hours / 24) };
}

/** A count for a badge: '99+' past 99 (spec section 9). */
export const badgeCount = (count: number) => (count > 99 ? "99+" : String(count));

/** The Intl locale of a UI language: pt-BR unless the UI is English. */
const numberLocale = (language: string) => (language.startsWith("en") ? "en-US" : "pt-BR");

/** A count in the UI's language: 1234 -> "1.234" (pt-BR), "1,234" (en). */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language), { maximumFractionDigits: 1 }).format(value);
}

/** A percentage already in 0..100, at most one decimal: 12.5 -> "12,5%" (pt-BR), "12.5%" (en). */
export function formatPercent(value: number, language: string): string {
  return new Intl.NumberFormat(numberLocale(language), {
    style: "percent",
    maximumFractionDigits: 1,
  }).format(value / 100);
}

/**
 * A calendar date ('YYYY-MM-DD') as day and month: "09/02" in pt-BR, "Feb 9" in English (an
 * English reader would take 09/02 for 2 September).
 */
export function formatDayMonth(isoDate: string, language: string): string {
  const [, month, day] = isoDate.slice(0, 10).split("-");
  if (!language.startsWith("en")) return `${day}/${month}`;
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${isoDate.slice(0, 10)}T00:00:00Z`));
}

/** A calendar date ('YYYY-MM-DD') in full: "09/02/2026" in pt-BR, "Feb 9, 2026" in English. */
export function formatCalendarDay(isoDate: string, language: string): string {
  if (!language.startsWith("en")) return formatDate(isoDate.slice(0, 10));
  return new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${isoDate.slice(0, 10)}T00:00:00Z`),
  );
}
