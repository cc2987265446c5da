import { marketingConsentText } from "@shared/assistant.schema";
import type { CustomerCard } from "@shared/cards.schema";
import type { PersonalExport } from "@shared/privacy.schema";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runJob } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { errorCode } from "../../test/http";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { readPersonalData } from "./personal-export.queries";
import { listMyExports } from "./personal-export.service";
import { EXPORT_SECTIONS } from "./personal-export-fields";
import { personalDataExports } from "./privacy.table";

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let barber: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };
let bruno: { cookie: string; customerId: string };
let exportId: string;
let zip: Record<string, Uint8Array>;

const RECEIPT = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7, 7, 7]);

const requestExport = (cookie: string) =>
  t.request("/api/me/privacy/exports", { method: "POST", cookie });
const download = (cookie: string, id: string) =>
  t.request(`/api/me/privacy/exports/${id}/download`, { cookie });

async function json<T>(res: Response, status: number): Promise<T> {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
}

function uploadReceipt(cookie: string, cardId: string) {
  const form = new FormData();
  form.set("file", new File([RECEIPT], "nota.png"));
  return t.app.request(
    `/api/me/cards/${cardId}/claims/receipt`,
    { method: "POST", body: form, headers: { origin: TEST_APP_URL, cookie } },
    { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
  );
}

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
  barber = await t.companySession({
    companyName: "Barbearia Navalha",
    email: "navalha@example.com",
    sector: "beleza",
  });
  await setCounterRules(t, cafe.cookie);
  ana = await t.customerSession({
    name: "Ana Souza",
    email: "ana@example.com",
    origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
  });
  bruno = await t.customerSession({
    name: "Bruno Lima",
    email: "bruno@example.com",
    origin: { empresa_id: cafe.companyId },
  });
  await json(
    await t.request("/api/memberships", {
      cookie: ana.cookie,
      body: { companyId: barber.companyId },
    }),
    200,
  );

  // Café: a full card, redeemed.
  await json(
    await t.request(`/api/customers/${ana.customerId}/stamps`, {
      cookie: cafe.cookie,
      body: { method: "purchase", quantity: 20, notes: "Dez cafés" },
    }),
    201,
  );
  const cards = await json<CustomerCard[]>(
    await t.request("/api/me/cards", { cookie: ana.cookie }),
    200,
  );
  const cafeCard = cards.find((c) => c.companyId === cafe.companyId)!;
  const barberCard = cards.find((c) => c.companyId === barber.companyId)!;
  await json(
    await t.request(`/api/cards/${cafeCard.id}/redeem`, { cookie: cafe.cookie, body: {} }),
    200,
  );
  // Barbearia: a stamp, and a receipt Ana uploaded to ask for one.
  await json(
    await t.request(`/api/customers/${ana.customerId}/stamps`, {
      cookie: barber.cookie,
      body: { method: "purchase", notes: "Corte" },
    }),
    201,
  );
  expect((await uploadReceipt(ana.cookie, barberCard.id)).status).toBe(201);
  // A message to the café, answered; consent to the barber's campaigns.
  const message = await json<{ id: string }>(
    await t.request("/api/me/messages", {
      cookie: ana.cookie,
      body: { companyId: cafe.companyId, body: "Vocês abrem no domingo?" },
    }),
    201,
  );
  await json(
    await t.request(`/api/messages/${message.id}/reply`, {
      cookie: cafe.cookie,
      body: { body: "Abrimos das 8h às 12h." },
    }),
    201,
  );
  await json(
    await t.request(`/api/me/marketing-consents/${barber.companyId}`, {
      method: "PUT",
      cookie: ana.cookie,
      body: { consented: true, language: "pt" },
    }),
    200,
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("'Baixar meus dados'", () => {
  it("asks for a download: pending, its job queued, two left today", async () => {
    const pending = await json<PersonalExport>(await requestExport(ana.cookie), 202);
    expect(pending).toMatchObject({ state: "pending", expiresAt: null, size: null });
    exportId = pending.id;
    // Not ready yet: nothing to download.
    expect(await errorCode(await download(ana.cookie, exportId), 404)).toBe("not_found");
    const mine = await listMyExports(t.db, ana.customerId);
    expect(mine.exports.map((e) => e.id)).toEqual([exportId]);
    expect(mine.exportsLeftToday).toBe(2);
  });

  it("the job builds it and e-mails the person a link to 'Meus dados'", async () => {
    expect(await runJob(t, "personal-data-export")).toEqual({ ready: 1, failed: 0, skipped: 0 });
    await t.deliverQueuedEmails();
    const mail = t.mails.findLast((m) => m.to === "ana@example.com");
    expect(mail?.subject).toBe("Seus dados estão prontos");
    expect(mail?.text).toContain(`${TEST_APP_URL}/dashboard-cliente/meus-dados`);
    expect(mail?.text).toContain("24 horas");
    const [listed] = (await listMyExports(t.db, ana.customerId)).exports;
    expect(listed).toMatchObject({ id: exportId, state: "ready" });
    const hours = (Date.parse(listed!.expiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it("downloads a zip with the JSON, the CSVs, the read-me and the uploaded receipt", async () => {
    const res = await download(ana.cookie, exportId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="carimbou-meus-dados-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    for (const name of ["dados.json", "LEIA-ME.txt", ...EXPORT_SECTIONS.map((s) => s.csv)]) {
      expect(Object.keys(zip), name).toContain(name);
    }

    const data = JSON.parse(strFromU8(zip["dados.json"]!));
    expect(data.profile).toMatchObject({ name: "Ana Souza", email: "ana@example.com" });
    // Both companies' cards; the café's redeemed, with its reward.
    const cardsOf = (company: string) =>
      data.cards.filter((c: { companyName: string }) => c.companyName === company);
    expect(cardsOf("Café Aurora").map((c: { status: string }) => c.status)).toContain("redeemed");
    expect(cardsOf("Barbearia Navalha")).toHaveLength(1);
    expect(cardsOf("Barbearia Navalha")[0]).toMatchObject({ stamps: 1, status: "active" });
    expect(data.redemptions).toEqual([expect.objectContaining({ companyName: "Café Aurora" })]);
    expect(data.redemptions[0].redeemedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(data.memberships.map((m: { companyName: string }) => m.companyName).sort()).toEqual([
      "Barbearia Navalha",
      "Café Aurora",
    ]);
    // The message and its answer; the consent with the exact text agreed to.
    expect(data.messages.map((m: { body: string }) => m.body)).toEqual([
      "Vocês abrem no domingo?",
      "Abrimos das 8h às 12h.",
    ]);
    expect(data.marketingConsents).toEqual([
      expect.objectContaining({
        companyName: "Barbearia Navalha",
        text: marketingConsentText("pt", "Barbearia Navalha"),
        source: "settings",
        revokedAt: null,
      }),
    ]);
    // The receipt: the claim names its file, and the file is in arquivos/ byte for byte.
    expect(data.claims).toHaveLength(1);
    const file = data.claims[0].file as string;
    expect(file).toMatch(/^arquivos\/.+\.png$/);
    expect(zip[file]).toEqual(RECEIPT);
    // Sign-ins are there (each customer signed in once here).
    expect(data.signIns.length).toBeGreaterThan(0);
    expect(data.signIns[0]).toMatchObject({ success: true });
  });

  it("writes the CSVs for Excel in Brazil: ';', dd/MM/yyyy dates, the BOM", () => {
    const bytes = zip["carimbos.csv"]!;
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM: Excel reads UTF-8
    const stampsCsv = strFromU8(bytes);
    expect(stampsCsv.startsWith("ID;ID do cartão;ID da empresa;Empresa;Tipo")).toBe(true);
    const lines = stampsCsv.trim().split("\r\n");
    expect(lines).toHaveLength(4); // header, café, barbearia, the receipt's claim
    expect(lines[1]).toMatch(/;\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2};/);
    expect(lines[1]).toContain("Café Aurora");
    const consents = strFromU8(zip["consentimentos.csv"]!);
    expect(consents).toContain(marketingConsentText("pt", "Barbearia Navalha"));
    const readMe = strFromU8(zip["LEIA-ME.txt"]!);
    expect(readMe).toContain("carimbos.csv");
    expect(readMe).toContain("CARIMBOU - MY DATA");
  });

  it("every section's rows hold exactly the fields LEIA-ME.txt documents", async () => {
    const data = (await readPersonalData(t.db, ana.customerId))!;
    for (const section of EXPORT_SECTIONS) {
      const value = data[section.key];
      const rows = Array.isArray(value) ? value : [value];
      for (const row of rows) {
        expect(Object.keys(row), section.key).toEqual(section.fields.map((f) => f.key));
      }
    }
  });

  it("another person's download of that id is 404, as if it did not exist", async () => {
    expect(await errorCode(await download(bruno.cookie, exportId), 404)).toBe("not_found");
    expect(await errorCode(await download(bruno.cookie, "no-such-id"), 404)).toBe("not_found");
    expect((await t.request(`/api/me/privacy/exports/${exportId}/download`)).status).toBe(401);
  });

  it("after 24 hours the link is gone, and the hourly run clears the file", async () => {
    await t.db
      .update(personalDataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(personalDataExports.id, exportId));
    expect(await errorCode(await download(ana.cookie, exportId), 404)).toBe("not_found");
    expect(await runJob(t, "personal-data-export-cleanup")).toEqual({ cleared: 1 });
    const [row] = await t.db
      .select({ data: personalDataExports.data, state: personalDataExports.state })
      .from(personalDataExports)
      .where(eq(personalDataExports.id, exportId));
    expect(row).toEqual({ data: null, state: "ready" });
  });

  it("three a day: the fourth request in 24 hours is 429", async () => {
    await json(await requestExport(ana.cookie), 202);
    await json(await requestExport(ana.cookie), 202);
    expect(await errorCode(await requestExport(ana.cookie), 429)).toBe("export_limit_reached");
    expect((await listMyExports(t.db, ana.customerId)).exportsLeftToday).toBe(0);
    // Someone else's count is their own.
    await json(await requestExport(bruno.cookie), 202);
  });

  it("a company account cannot ask for one", async () => {
    expect(await errorCode(await requestExport(cafe.cookie), 403)).toBe("forbidden");
  });
});
