import type { CompanyCard, CustomerCard } from "@shared/cards.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setCounterRules } from "../test/counter-rules";
import { createTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
let shop: { cookie: string; companyId: string };
const cards: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.companySession({ email: "chave@loja.com" });
  // Stamps here are not about the counter's interval and daily cap: off.
  await setCounterRules(t, shop.cookie);
  for (const email of ["ana@chave.com", "bia@chave.com"]) {
    const c = await t.customerSession({ email, origin: { empresa_id: shop.companyId } });
    const mine = (await (
      await t.request("/api/me/cards", { cookie: c.cookie })
    ).json()) as CustomerCard[];
    cards.push(mine[0]!.id);
  }
});
afterAll(async () => {
  await t?.close();
});

const stamp = (cardId: string, key: string, body: unknown = { method: "purchase" }) =>
  t.request(`/api/cards/${cardId}/stamps`, {
    cookie: shop.cookie,
    body,
    headers: { "idempotency-key": key },
  });

describe("Idempotency-Key", () => {
  it("replays the first answer for the same request, writing nothing more", async () => {
    const first = await stamp(cards[0]!, "k-replay");
    expect(first.status).toBe(201);
    const again = await stamp(cards[0]!, "k-replay");
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    const card = (await (
      await t.request(`/api/cards/${cards[0]}`, { cookie: shop.cookie })
    ).json()) as CompanyCard;
    expect(card.stamps).toBe(1);
  });

  it("refuses the same key on another card with 422 idempotency_key_reused", async () => {
    const first = await stamp(cards[0]!, "k-other-card");
    expect(first.status).toBe(201);
    const other = await stamp(cards[1]!, "k-other-card");
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ error: { code: "idempotency_key_reused" } });
    const card = (await (
      await t.request(`/api/cards/${cards[1]}`, { cookie: shop.cookie })
    ).json()) as CompanyCard;
    expect(card.stamps).toBe(0);
  });

  it("refuses the same key with another body (422), and the first request still replays", async () => {
    expect((await stamp(cards[1]!, "k-body", { method: "purchase", notes: "a" })).status).toBe(201);
    const changed = await stamp(cards[1]!, "k-body", { method: "purchase", notes: "b" });
    expect(changed.status).toBe(422);
    expect(await changed.json()).toMatchObject({ error: { code: "idempotency_key_reused" } });
    expect((await stamp(cards[1]!, "k-body", { method: "purchase", notes: "a" })).status).toBe(201);
  });
});
