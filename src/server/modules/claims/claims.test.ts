import type { CompanyCard, CustomerCard } from "@shared/cards.schema";
import type { Claim } from "@shared/claims.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { companies } from "../companies/companies.table";

let t: TestApp;
let shop: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };
let cardId: string;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PDF = new TextEncoder().encode("%PDF-1.4\n...");

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.companySession({ companyName: "Pet Shop Amigo", email: "pet@example.com" });
  ana = await t.customerSession({
    email: "ana@example.com",
    origin: { empresa_id: shop.companyId },
  });
  const cards = (await (
    await t.request("/api/me/cards", { cookie: ana.cookie })
  ).json()) as CustomerCard[];
  cardId = cards[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

function uploadReceipt(
  cookie: string,
  card: string,
  bytes: Uint8Array<ArrayBuffer>,
  name = "nota.png",
) {
  const form = new FormData();
  form.set("file", new File([bytes], name));
  return t.app.request(
    `/api/me/cards/${card}/claims/receipt`,
    { method: "POST", body: form, headers: { origin: TEST_APP_URL, cookie } },
    { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
  );
}

const claim = (body: unknown, cookie = ana.cookie, card = cardId) =>
  t.request(`/api/me/cards/${card}/claims`, { cookie, body });

async function errorCode(res: Response) {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

describe("receipt claims", () => {
  it("checks the file's real type, not its name, and its size", async () => {
    const fakePng = await uploadReceipt(
      ana.cookie,
      cardId,
      new TextEncoder().encode("not an image"),
      "foto.png",
    );
    expect(fakePng.status).toBe(400);
    expect(await errorCode(fakePng)).toBe("file_type_invalid");

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await uploadReceipt(ana.cookie, cardId, big);
    expect(tooBig.status).toBe(413);
  });

  it("is a pending stamp that does not count until the company approves it", async () => {
    const res = await uploadReceipt(ana.cookie, cardId, PDF, "nota.jpg");
    expect(res.status).toBe(201);
    const created = (await res.json()) as Claim;
    expect(created).toMatchObject({ method: "receipt", status: "pending", hasReceipt: true });

    // one pending claim of each kind per card
    const second = await uploadReceipt(ana.cookie, cardId, PNG);
    expect(second.status).toBe(409);
    expect(await errorCode(second)).toBe("claim_pending");

    const [card] = (await (
      await t.request("/api/me/cards", { cookie: ana.cookie })
    ).json()) as CustomerCard[];
    expect(card!.stamps).toBe(0);

    const pending = (await (
      await t.request("/api/claims", { cookie: shop.cookie })
    ).json()) as Claim[];
    expect(pending.map((c) => c.id)).toEqual([created.id]);
    const dashboard = async () =>
      (
        (await (await t.request("/api/dashboard", { cookie: shop.cookie })).json()) as {
          pendingClaims: number;
        }
      ).pendingClaims;
    // 'Resumo Rápido' counts it as pending
    expect(await dashboard()).toBe(1);
    const receipt = await t.request(`/api/claims/${created.id}/receipt`, { cookie: shop.cookie });
    expect(receipt.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await receipt.arrayBuffer())).toEqual(PDF);

    const approved = await t.request(`/api/claims/${created.id}/approve`, {
      cookie: shop.cookie,
      method: "POST",
      headers: { "idempotency-key": "approve-1" },
    });
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as Claim).status).toBe("approved");
    expect(await dashboard()).toBe(0);
    const repeat = await t.request(`/api/claims/${created.id}/approve`, {
      cookie: shop.cookie,
      method: "POST",
      headers: { "idempotency-key": "approve-1" },
    });
    expect(repeat.status).toBe(200);
    const again = await t.request(`/api/claims/${created.id}/approve`, {
      cookie: shop.cookie,
      method: "POST",
    });
    expect(again.status).toBe(409);

    const company = (await (
      await t.request(`/api/cards/${cardId}`, { cookie: shop.cookie })
    ).json()) as CompanyCard;
    expect(company.stamps).toBe(1);
  });

  it("a rejected claim shows the customer the reason and counts nothing", async () => {
    const res = await uploadReceipt(ana.cookie, cardId, PNG);
    const created = (await res.json()) as Claim;
    const missingReason = await t.request(`/api/claims/${created.id}/reject`, {
      cookie: shop.cookie,
      body: { reason: " " },
    });
    expect(missingReason.status).toBe(400);
    const rejected = await t.request(`/api/claims/${created.id}/reject`, {
      cookie: shop.cookie,
      body: { reason: "Nota ilegível" },
    });
    expect(rejected.status).toBe(200);
    const mine = (await (
      await t.request("/api/me/claims", { cookie: ana.cookie })
    ).json()) as Claim[];
    expect(mine.find((c) => c.id === created.id)).toMatchObject({
      status: "rejected",
      rejectionReason: "Nota ilegível",
    });
    const company = (await (
      await t.request(`/api/cards/${cardId}`, { cookie: shop.cookie })
    ).json()) as CompanyCard;
    expect(company.stamps).toBe(1);
  });
});

describe("social and Google review claims", () => {
  it("accepts only networks the company enabled", async () => {
    await t.db
      .update(companies)
      .set({ socialNetworks: ["instagram"] })
      .where(eq(companies.id, shop.companyId));
    const tiktok = await claim({
      method: "social",
      network: "tiktok",
      link: "https://tiktok.com/@ana/1",
    });
    expect(tiktok.status).toBe(422);
    expect(await errorCode(tiktok)).toBe("claim_not_allowed");
    const badLink = await claim({ method: "social", network: "instagram", link: "não é link" });
    expect(badLink.status).toBe(400);
    const ok = await claim({
      method: "social",
      network: "instagram",
      link: "https://instagram.com/p/abc",
    });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({
      method: "social",
      network: "instagram",
      status: "pending",
    });
  });

  it("allows a Google review only with a review link, and once per customer and company", async () => {
    const page = async () =>
      (await (
        await t.request(`/api/me/companies/${shop.companyId}`, { cookie: ana.cookie })
      ).json()) as {
        claimOptions: {
          socialNetworks: string[];
          googleReviewUrl: string | null;
          socialProfiles: unknown[];
        };
      };
    expect((await page()).claimOptions).toEqual({
      receipt: true,
      socialNetworks: ["instagram"],
      googleReviewUrl: null,
      socialProfiles: [],
      social: { stamps: 1, bonus: null },
      review: { stamps: 2, bonus: null },
    });
    const without = await claim({ method: "google_review" });
    expect(without.status).toBe(422);
    await t.db
      .update(companies)
      .set({ googleReviewUrl: "https://g.page/r/petshop/review", instagram: "@petshop" })
      .where(eq(companies.id, shop.companyId));
    expect((await page()).claimOptions.googleReviewUrl).toBe("https://g.page/r/petshop/review");
    // The company's own @handle on the offered network, for the customer to tag or follow.
    expect((await page()).claimOptions.socialProfiles).toEqual([
      { network: "instagram", label: "@petshop", url: "https://www.instagram.com/petshop" },
    ]);
    const first = await claim({ method: "google_review" });
    expect(first.status).toBe(201);
    const firstClaim = (await first.json()) as Claim;
    await t.request(`/api/claims/${firstClaim.id}/approve`, {
      cookie: shop.cookie,
      method: "POST",
    });
    const second = await claim({ method: "google_review" });
    expect(second.status).toBe(409);
    expect(await errorCode(second)).toBe("review_already_claimed");
    const company = (await (
      await t.request(`/api/cards/${cardId}`, { cookie: shop.cookie })
    ).json()) as CompanyCard;
    expect(company.stamps).toBe(3);
  });
});

describe("claims isolation", () => {
  it("another company or customer gets 404 on this company's claims and receipts", async () => {
    const rival = await t.companySession({ companyName: "Rival", email: "rival@example.com" });
    const bia = await t.customerSession({ email: "bia@example.com" });
    const approved = (await (
      await t.request("/api/claims?status=approved", { cookie: shop.cookie })
    ).json()) as Claim[];
    const someClaim = approved.find((c) => c.hasReceipt);
    expect(someClaim).toBeDefined();
    for (const res of [
      await t.request(`/api/claims/${someClaim!.id}/receipt`, { cookie: rival.cookie }),
      await t.request(`/api/claims/${someClaim!.id}/receipt`, { cookie: bia.cookie }),
      await t.request(`/api/claims/${someClaim!.id}/approve`, {
        cookie: rival.cookie,
        method: "POST",
      }),
      await t.request(`/api/claims/${someClaim!.id}/reject`, {
        cookie: rival.cookie,
        body: { reason: "x" },
      }),
      await uploadReceipt(bia.cookie, cardId, PNG),
      await claim({ method: "google_review" }, bia.cookie),
    ]) {
      expect(res.status).toBe(404);
    }
    expect(await (await t.request("/api/claims", { cookie: rival.cookie })).json()).toEqual([]);
    expect(await (await t.request("/api/me/claims", { cookie: bia.cookie })).json()).toEqual([]);
    // the customer may open their own receipt
    expect(
      (await t.request(`/api/claims/${someClaim!.id}/receipt`, { cookie: ana.cookie })).status,
    ).toBe(200);
  });
});
