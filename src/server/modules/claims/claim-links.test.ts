import type { CustomerCard } from "@shared/cards.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let ana: { cookie: string; customerId: string };
let cardId: string;

beforeAll(async () => {
  t = await createTestApp();
  const shop = await t.companySession({ email: "links@loja.com" });
  const rules = await t.request("/api/settings/loyalty-rules", { cookie: shop.cookie });
  const current = (await rules.json()) as Record<string, Record<string, unknown>>;
  const saved = await t.request("/api/settings/loyalty-rules", {
    method: "PUT",
    cookie: shop.cookie,
    body: { ...current, social: { ...current.social, enabled: true, networks: ["instagram"] } },
  });
  expect(saved.status).toBe(200);
  ana = await t.customerSession({ email: "ana@links.com", origin: { empresa_id: shop.companyId } });
  const cards = (await (
    await t.request("/api/me/cards", { cookie: ana.cookie })
  ).json()) as CustomerCard[];
  cardId = cards[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

const claim = (link: string) =>
  t.request(`/api/me/cards/${cardId}/claims`, {
    cookie: ana.cookie,
    body: { method: "social", network: "instagram", link },
  });

describe("social claim links", () => {
  it.each([
    "javascript:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "ftp://example.com/post",
    "file:///etc/passwd",
    "vbscript:msgbox(1)",
    "mailto:ana@example.com",
  ])("refuses %s (validation_failed)", async (link) => {
    const res = await claim(link);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: "validation_failed", fields: { link: "claim_link_invalid" } },
    });
  });

  it.each([
    "https://www.facebook.com/cafe/posts/1",
    "https://instagram.com.evil.example/p/abc",
    "https://tiktok.com/@ana/video/1",
  ])("refuses %s for an 'Instagram' claim (claim_link_network)", async (link) => {
    const res = await claim(link);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: "validation_failed", fields: { link: "claim_link_network" } },
    });
  });

  it("accepts an https link", async () => {
    const res = await claim("https://www.instagram.com/p/abc123/");
    expect(res.status).toBe(201);
  });
});
