import type { CounterSettings } from "@shared/settings.schema";
import { apiAs, ok } from "./api";
import { COUNTER_RULES_OFF } from "./counter-rules-off";
import type { TestApp } from "./test-app";

/**
 * Saves the company's counter rules ('Regras do Programa') through the API, as its owner (or a
 * manager) would: by default the interval and the daily cap off, for a test that stamps one card
 * again and again and is not about those rules. Every company starts with 30 minutes and 5 a day.
 */
export async function setCounterRules(
  t: TestApp,
  cookie: string,
  rules: Partial<CounterSettings> = {},
): Promise<CounterSettings> {
  return ok(
    apiAs(t, cookie).PUT("/api/settings/counter-rules", {
      body: { ...COUNTER_RULES_OFF, ...rules },
    }),
  );
}
