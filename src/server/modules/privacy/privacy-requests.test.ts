import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, errorBody } from "../../test/api";
import { createTestApp, type TestApp } from "../../test/test-app";
import { privacyRequestCompanies, privacyRequests } from "./privacy.table";

/**
 * 'Pedidos de titulares' (issue 34): the requests that touched the company, newest first, for the
 * Owner and Managers, never another company's, and never who asked.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function request(
  companyIds: string[],
  values: Partial<typeof privacyRequests.$inferInsert> & { kind: "leave" | "delete_account" },
) {
  const id = randomUUID();
  await t.db.insert(privacyRequests).values({ id, state: "done", userId: null, ...values });
  if (companyIds.length > 0) {
    await t.db
      .insert(privacyRequestCompanies)
      .values(companyIds.map((companyId) => ({ requestId: id, companyId })));
  }
  return id;
}

const list = async (cookie: string) =>
  answerOf<"/api/privacy-requests", "get">(
    await t.request("/api/privacy-requests", { cookie }),
    200,
  );

describe("GET /api/privacy-requests", () => {
  it("lists the company's own requests, newest first, with no one's data", async () => {
    const cafe = await t.companySession({ email: "dono@cafe.com.br", companyName: "Café" });
    const bar = await t.companySession({ email: "dono@bar.com.br", companyName: "Bar" });
    const customer = await t.customerSession({ email: "titular@example.com" });
    const now = Date.now();
    const left = await request([cafe.companyId], {
      kind: "leave",
      userId: customer.customerId,
      requestedAt: new Date(now - 3 * DAY),
      completedAt: new Date(now - 3 * DAY),
    });
    const deletion = await request([cafe.companyId, bar.companyId], {
      kind: "delete_account",
      state: "pending",
      userId: customer.customerId,
      requestedAt: new Date(now - DAY),
      dueAt: new Date(now + 6 * DAY),
    });
    const barOnly = await request([bar.companyId], {
      kind: "leave",
      requestedAt: new Date(now - 2 * DAY),
    });

    const cafeList = await list(cafe.cookie);
    expect(cafeList.items.map((r) => r.id)).toEqual([deletion, left]);
    expect(cafeList.items[0]).toMatchObject({
      kind: "delete_account",
      state: "pending",
      dueAt: new Date(now + 6 * DAY).toISOString(),
      completedAt: null,
    });
    expect(JSON.stringify(cafeList)).not.toContain(customer.customerId);
    expect(JSON.stringify(cafeList)).not.toContain("titular@example.com");
    expect((await list(bar.cookie)).items.map((r) => r.id)).toEqual([deletion, barOnly]);

    // A Manager reads it too; an Attendant and a customer do not.
    const manager = await t.staffSession(cafe.companyId, "manager");
    expect((await list(manager.cookie)).items).toHaveLength(2);
    const attendant = await t.staffSession(cafe.companyId, "attendant");
    const refused = await t.request("/api/privacy-requests", { cookie: attendant.cookie });
    expect((await errorBody(refused, 403)).error.code).toBe("role_forbidden");
    const asCustomer = await t.request("/api/privacy-requests", { cookie: customer.cookie });
    expect((await errorBody(asCustomer, 403)).error.code).toBe("forbidden");
  });

  it("is empty for a company no request touched", async () => {
    const quiet = await t.companySession({ email: "dono@quieto.com.br", companyName: "Quieto" });
    expect(await list(quiet.cookie)).toEqual({ items: [] });
  });
});
