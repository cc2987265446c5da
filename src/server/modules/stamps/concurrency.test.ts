import type { CustomerCard } from "@shared/cards.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testEnv } from "../../test/test-env";
import { stamps } from "./stamps.table";

// PGlite runs one query at a time and hides races: the full load runs on PostgreSQL.
const onPostgres = Boolean(testEnv.TEST_DATABASE_URL);
const REQUESTS = onPostgres ? 200 : 30;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`${REQUESTS} concurrent add-stamp requests on one card of maximum 10`, () => {
  it("count exactly 10 stamps, complete the card once and answer the rest with a conflict", async () => {
    const cafe = await t.companySession({ email: "carga@example.com" });
    // Every stamp here is on one card at once: the counter's interval and daily cap are off.
    await setCounterRules(t, cafe.cookie);
    const ana = await t.customerSession({
      email: "ana@example.com",
      origin: { empresa_id: cafe.companyId },
    });
    const [card] = (await (
      await t.request("/api/me/cards", { cookie: ana.cookie })
    ).json()) as CustomerCard[];

    const results = await Promise.all(
      Array.from({ length: REQUESTS }, () =>
        t.request(`/api/cards/${card!.id}/stamps`, {
          cookie: cafe.cookie,
          body: { method: "purchase" },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(REQUESTS - 10);

    const rows = await t.db.select().from(stamps).where(eq(stamps.cardId, card!.id));
    expect(rows.reduce((sum, s) => sum + s.count, 0)).toBe(10);
    const completions = await Promise.all(
      results.filter((r) => r.status === 201).map((r) => r.json()),
    );
    expect(completions.filter((c: { status: string }) => c.status === "complete")).toHaveLength(1);
  });

  it("run the same Idempotency-Key concurrently only once", async () => {
    const cafe = await t.companySession({ email: "idem@example.com" });
    const bia = await t.customerSession({
      email: "bia@example.com",
      origin: { empresa_id: cafe.companyId },
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request(`/api/customers/${bia.customerId}/stamps`, {
          cookie: cafe.cookie,
          body: { method: "purchase" },
          headers: { "idempotency-key": "same-key" },
        }),
      ),
    );
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(new Set(bodies.map((b: { stamps: number }) => b.stamps))).toEqual(new Set([1]));
    const [card] = (await (
      await t.request("/api/me/cards", { cookie: bia.cookie })
    ).json()) as CustomerCard[];
    expect(card!.stamps).toBe(1);
  });
});
