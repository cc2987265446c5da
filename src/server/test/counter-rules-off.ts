import type { CounterSettings } from "@shared/settings.schema";

/**
 * The counter rules with the interval and the daily cap off, for a test or a measure that stamps
 * one card again and again and is not about those rules (every company starts with 30 minutes and
 * 5 a day). A module of its own, so the browser suite and the benches read it without the app.
 */
export const COUNTER_RULES_OFF: CounterSettings = {
  intervalMinutes: 0,
  dailyCap: 0,
  stampValueCents: null,
  maxStampsPerPurchase: null,
  selfStampEnabled: false,
};
