/**
 * A small seeded pseudo-random generator (mulberry32 over an FNV-1a hash of the seed text): the
 * demo dataset is the same for the same seed, on every machine and Node version.
 */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A version-4-shaped UUID made of this generator's numbers. */
  uuid(): string;
  /** `length` lowercase hex digits. */
  hex(length: number): string;
};

function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function seededRandom(seed: string): Random {
  let state = hashSeed(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const hex = (length: number) =>
    Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join("");
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    hex,
    uuid: () => {
      const h = hex(32).split("");
      h[12] = "4";
      h[16] = "89ab"[Math.floor(next() * 4)]!;
      const s = h.join("");
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// São Paulo calendar days (UTC-3 all year since 2019) as yyyy-MM-dd strings

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant `minutes` after midnight of São Paulo day `day`. */
export const spTime = (day: string, minutes = 0): Date =>
  new Date(Date.parse(`${day}T00:00:00-03:00`) + minutes * 60_000);

/** The calendar day `days` after `day` (negative: before). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The same day of the month `months` later, clamped to the month's last day. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (calendar days). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The São Paulo calendar day of an instant. */
export const spDay = (at: Date): string =>
  new Date(at.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
