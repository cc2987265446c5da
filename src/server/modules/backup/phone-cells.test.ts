import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { memberships } from "../customers/memberships.table";

/**
 * Phones are typed in many spellings ("+55 11 ...", and before the Brazilian rule "-1+1"): a spreadsheet runs a cell starting with
 * = + - @ as a formula, so the customers CSV and the backup's CSV files neutralise phones as they
 * do names and notes (a leading apostrophe).
 */
let t: TestApp;
let shop: { cookie: string; companyId: string };

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.companySession({ email: "fone@loja.com", phone: "+55 11 98888-7777" });
  const ana = await t.customerSession({
    email: "ana@fone.com",
    phone: "+55 (11) 97777-6666",
    origin: { empresa_id: shop.companyId },
  });
  // The forms take only Brazilian numbers now (shared/phone.ts), so "-1+1" is refused there…
  const res = await t.request(`/api/customers/${ana.customerId}/record`, {
    cookie: shop.cookie,
    body: { phone: "-1+1", birthDate: "", city: "", state: "", notes: "" },
  });
  expect(res.status).toBe(400);
  // …but a phone typed before that rule is still in the database, and must stay harmless.
  await t.db
    .update(memberships)
    .set({ phone: "-1+1" })
    .where(
      and(eq(memberships.companyId, shop.companyId), eq(memberships.customerId, ana.customerId)),
    );
});
afterAll(async () => {
  await t?.close();
});

describe("phone cells", () => {
  it("are neutralised in the customers CSV", async () => {
    const csv = await (await t.request("/api/customers/export", { cookie: shop.cookie })).text();
    // the company's own record of the phone comes first
    expect(csv).toContain(";'-1+1;");
    expect(csv).not.toMatch(/;[-+=@][^;]*;/);
  });

  it("are neutralised in the backup's CSV files", async () => {
    const res = await t.request("/api/settings/backup", { cookie: shop.cookie });
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const empresa = strFromU8(zip["empresa.csv"]!);
    expect(empresa).toContain(";'+55 11 98888-7777;");
    const clientes = strFromU8(zip["clientes.csv"]!);
    expect(clientes).toContain(";'+55 (11) 97777-6666;");
    expect(clientes).toContain(";'-1+1;");
    for (const [name, bytes] of Object.entries(zip)) {
      if (!name.endsWith(".csv")) continue;
      for (const line of strFromU8(bytes).split("\r\n")) {
        for (const cell of line.split(";")) expect(cell, `${name}: ${line}`).not.toMatch(/^[+=@]/);
      }
    }
    // the JSON files keep the phone as typed
    expect(strFromU8(zip["clientes.json"]!)).toContain('"-1+1"');
  });
});
