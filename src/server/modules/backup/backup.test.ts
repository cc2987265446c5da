import { eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, errorBody } from "../../test/api";
import { createTestApp, type TestApp } from "../../test/test-app";
import { loyaltyCards } from "../cards/cards.table";
import { memberships } from "../customers/memberships.table";
import { files } from "../files/files.table";
import { interestReplies } from "../interests/interests.table";
import { customerMessages } from "../messages/messages.table";
import { programs } from "../programs/programs.table";
import { referrals } from "../referrals/referrals.table";
import { stamps } from "../stamps/stamps.table";

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let barber: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };
let bruno: { cookie: string; customerId: string };

const getSystem = (cookie: string) => t.request("/api/settings/system", { cookie });
const putSystem = (cookie: string, body: unknown) =>
  t.request("/api/settings/system", { cookie, method: "PUT", body });

/** What one company did: a stamp with notes, a message answered, an interest answered. */
async function activity(
  company: { cookie: string; companyId: string },
  customer: { cookie: string; customerId: string },
  sector: string,
  words: string,
) {
  await answerOf<"/api/customers/{id}/stamps", "post">(
    await t.request(`/api/customers/${customer.customerId}/stamps`, {
      cookie: company.cookie,
      body: { method: "purchase", notes: `Carimbo ${words}` },
    }),
    201,
  );
  const message = await answerOf<"/api/me/messages", "post">(
    await t.request("/api/me/messages", {
      cookie: customer.cookie,
      body: { companyId: company.companyId, body: `Mensagem ${words}` },
    }),
    201,
  );
  await answerOf<"/api/messages/{id}/reply", "post">(
    await t.request(`/api/messages/${message.id}/reply`, {
      cookie: company.cookie,
      body: { body: `Resposta ${words}` },
    }),
    201,
  );
  const interest = await answerOf<"/api/me/interests", "post">(
    await t.request("/api/me/interests", {
      cookie: customer.cookie,
      body: { sector, city: "São Paulo", state: "SP", description: `Interesse ${words}` },
    }),
    201,
  );
  await answerOf<"/api/interests/{id}/reply", "post">(
    await t.request(`/api/interests/${interest.id}/reply`, {
      cookie: company.cookie,
      body: { body: `Resposta ao interesse ${words}` },
    }),
    201,
  );
  await t.db.insert(files).values({
    id: `file-${words}`,
    companyId: company.companyId,
    uploadedBy: customer.customerId,
    contentType: "image/png",
    size: 4,
    data: Buffer.from(words.slice(0, 4)),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Aurora Ltda.", email: "aurora@example.com" });
  barber = await t.companySession({
    companyName: "Barbearia Navalha",
    email: "barba@example.com",
    sector: "beleza",
  });
  ana = await t.customerSession({
    name: "Ana Souza",
    email: "ana@example.com",
    origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
  });
  bruno = await t.customerSession({
    name: "Bruno Lima",
    email: "bruno@example.com",
    origin: { empresa_id: barber.companyId, origem: "qrcode_empresa" },
  });
  await activity(cafe, ana, "alimentacao", "do café");
  await activity(barber, bruno, "beleza", "da barbearia");
});
afterAll(async () => {
  await t?.close();
});

describe("system settings", () => {
  it("a company without a record has the defaults: daily, 24 months, never backed up", async () => {
    expect(
      await answerOf<"/api/settings/system", "get">(await getSystem(cafe.cookie), 200),
    ).toEqual({
      backupFrequency: "daily",
      retentionMonths: 24,
      lastBackupAt: null,
    });
  });

  it("saves frequency and retention, and reads them back", async () => {
    const saved = await answerOf<"/api/settings/system", "put">(
      await putSystem(cafe.cookie, { backupFrequency: "weekly", retentionMonths: 12 }),
      200,
    );
    expect(saved).toMatchObject({ backupFrequency: "weekly", retentionMonths: 12 });
    expect(
      await answerOf<"/api/settings/system", "get">(await getSystem(cafe.cookie), 200),
    ).toMatchObject({
      backupFrequency: "weekly",
      retentionMonths: 12,
    });
    await answerOf<"/api/settings/system", "put">(
      await putSystem(cafe.cookie, { backupFrequency: "monthly", retentionMonths: 24 }),
      200,
    );
    expect(
      await answerOf<"/api/settings/system", "get">(await getSystem(cafe.cookie), 200),
    ).toMatchObject({
      backupFrequency: "monthly",
      retentionMonths: 24,
    });
  });

  it("refuses a retention other than 12 or 24 months and an unknown frequency", async () => {
    const retention = await errorBody(
      await putSystem(cafe.cookie, { backupFrequency: "daily", retentionMonths: 18 }),
      400,
    );
    expect(retention.error.code).toBe("validation_failed");
    expect(retention.error.fields?.retentionMonths).toBe("retention_months_invalid");
    const frequency = await errorBody(
      await putSystem(cafe.cookie, { backupFrequency: "hourly", retentionMonths: 12 }),
      400,
    );
    expect(frequency.error.fields?.backupFrequency).toBe("backup_frequency_invalid");
    expect(
      await answerOf<"/api/settings/system", "get">(await getSystem(cafe.cookie), 200),
    ).toMatchObject({
      backupFrequency: "monthly",
      retentionMonths: 24,
    });
  });

  it("one company's settings are its own: another company neither reads nor changes them", async () => {
    expect(
      await answerOf<"/api/settings/system", "get">(await getSystem(barber.cookie), 200),
    ).toMatchObject({
      backupFrequency: "daily",
      retentionMonths: 24,
    });
    await answerOf<"/api/settings/system", "put">(
      await putSystem(barber.cookie, { backupFrequency: "weekly", retentionMonths: 12 }),
      200,
    );
    expect(
      await answerOf<"/api/settings/system", "get">(await getSystem(cafe.cookie), 200),
    ).toMatchObject({
      backupFrequency: "monthly",
      retentionMonths: 24,
    });
  });

  it("customers and visitors are refused", async () => {
    expect((await getSystem(ana.cookie)).status).toBe(403);
    expect(
      (await putSystem(ana.cookie, { backupFrequency: "daily", retentionMonths: 12 })).status,
    ).toBe(403);
    expect((await t.request("/api/settings/backup", { cookie: ana.cookie })).status).toBe(403);
    expect((await t.request("/api/settings/system")).status).toBe(401);
    expect((await t.request("/api/settings/backup")).status).toBe(401);
  });
});

describe("the backup", () => {
  let zip: Record<string, Uint8Array>;
  let everything: string;
  let res: Response;

  const rows = (name: string) =>
    JSON.parse(strFromU8(zip[`${name}.json`]!)) as Record<string, unknown>[];
  const ids = (name: string, key = "id") =>
    rows(name)
      .map((r) => r[key])
      .sort();

  beforeAll(async () => {
    res = await t.request("/api/settings/backup", { cookie: cafe.cookie });
    expect(res.status).toBe(200);
    zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    everything = Object.values(zip)
      .map((bytes) => strFromU8(bytes))
      .join("\n");
  });

  it("downloads as carimbou-backup-<company>-<date>.zip", () => {
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="carimbou-backup-cafe-aurora-ltda-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
  });

  it("holds a JSON and a CSV file of each kind of data", () => {
    for (const name of [
      "empresa",
      "configuracoes",
      "programas",
      "clientes",
      "cartoes",
      "carimbos",
      "mensagens",
      "reclamacoes-sugestoes",
      "consentimentos-marketing",
      "whatsapp-mensagens",
      "instagram-mensagens",
      "presentes-aniversario",
      "interesses",
      "respostas-interesses",
      "arquivos",
    ]) {
      expect(zip[`${name}.json`], name).toBeDefined();
      expect(zip[`${name}.csv`], name).toBeDefined();
    }
  });

  it("holds every row of the company", async () => {
    const of = <T extends { id: string }>(list: T[]) => list.map((r) => r.id).sort();
    expect(ids("empresa")).toEqual([cafe.companyId]);
    expect(rows("empresa")[0]).toMatchObject({ tradeName: "Café Aurora Ltda." });
    expect(ids("programas")).toEqual(
      of(
        await t.db
          .select({ id: programs.id })
          .from(programs)
          .where(eq(programs.companyId, cafe.companyId)),
      ),
    );
    expect(ids("clientes", "membershipId")).toEqual(
      of(
        await t.db
          .select({ id: memberships.id })
          .from(memberships)
          .where(eq(memberships.companyId, cafe.companyId)),
      ),
    );
    expect(rows("clientes")[0]).toMatchObject({
      customerId: ana.customerId,
      name: "Ana Souza",
      email: "ana@example.com",
      birthDate: "1990-05-17",
    });
    const cards = of(
      await t.db
        .select({ id: loyaltyCards.id })
        .from(loyaltyCards)
        .where(eq(loyaltyCards.companyId, cafe.companyId)),
    );
    expect(cards.length).toBeGreaterThan(0);
    expect(ids("cartoes")).toEqual(cards);
    const stampIds = of(
      await t.db.select({ id: stamps.id }).from(stamps).where(eq(stamps.companyId, cafe.companyId)),
    );
    expect(stampIds.length).toBeGreaterThan(0);
    expect(ids("carimbos")).toEqual(stampIds);
    expect(rows("carimbos")[0]).toMatchObject({ notes: "Carimbo do café", method: "purchase" });
    const messageIds = of(
      await t.db
        .select({ id: customerMessages.id })
        .from(customerMessages)
        .where(eq(customerMessages.companyId, cafe.companyId)),
    );
    expect(messageIds).toHaveLength(2);
    expect(ids("mensagens")).toEqual(messageIds);
    expect(rows("mensagens").map((m) => m.body)).toEqual(
      expect.arrayContaining(["Mensagem do café", "Resposta do café"]),
    );
    const replies = await t.db
      .select({ id: interestReplies.id, interestId: interestReplies.interestId })
      .from(interestReplies)
      .where(eq(interestReplies.companyId, cafe.companyId));
    expect(replies).toHaveLength(1);
    expect(ids("respostas-interesses")).toEqual(of(replies));
    expect(ids("interesses")).toEqual([replies[0]!.interestId]);
    expect(rows("interesses")[0]).toMatchObject({
      description: "Interesse do café",
      customerName: "Ana Souza",
      status: "answered",
    });
    expect(ids("arquivos")).toEqual(["file-do café"]);
    expect(strFromU8(zip["arquivos/file-do_caf_.png"]!)).toBe("do c");
    expect(rows("configuracoes")[0]).toMatchObject({
      backupFrequency: "monthly",
      retentionMonths: 24,
      purchaseStamps: 1,
      referralEnabled: false,
    });
  });

  it("holds none of another company's rows", () => {
    for (const secret of [
      barber.companyId,
      "Barbearia",
      bruno.customerId,
      "bruno@example.com",
      "da barbearia",
    ]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("writes CSV files for spreadsheets: BOM, ';' and dd/MM/yyyy", () => {
    // TextDecoder keeps the BOM only when told to (strFromU8 drops it).
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(zip["clientes.csv"]!);
    expect(csv.startsWith("\uFEFFID;Nome;Email;")).toBe(true);
    const line = csv.split("\r\n").find((l) => l.includes("Ana Souza"))!;
    expect(line).toContain(`${ana.customerId};Ana Souza;ana@example.com;`);
    expect(line).toContain(";17/05/1990;");
    expect(line).toMatch(/;\d{2}\/\d{2}\/\d{4} - \d{2}:\d{2};/);
    const messages = strFromU8(zip["mensagens.csv"]!);
    expect(messages).toContain("Mensagem do café");
  });

  it("sets the last backup date", async () => {
    const settings = await answerOf<"/api/settings/system", "get">(
      await getSystem(cafe.cookie),
      200,
    );
    expect(settings.lastBackupAt).not.toBeNull();
    expect(Date.now() - new Date(settings.lastBackupAt!).getTime()).toBeLessThan(60_000);
    // The other company has still never backed up.
    expect(
      (await answerOf<"/api/settings/system", "get">(await getSystem(barber.cookie), 200))
        .lastBackupAt,
    ).toBeNull();
  });
});

describe("a large company's backup", () => {
  it("holds every row once when there are more rows than one batch, even created at the same instant", async () => {
    const big = await t.companySession({
      companyName: "Mercado Grande",
      email: "grande@example.com",
    });
    // 2,500 messages with one created_at: the export's batches must neither repeat nor skip rows.
    await t.db.execute(sql`
      insert into customer_messages (id, company_id, customer_id, sender, body, status, created_at)
      select 'm-' || lpad(g::text, 5, '0'), ${big.companyId}, ${ana.customerId}, 'customer',
             'Mensagem ' || g, 'pending', '2030-01-01T10:00:00.123456Z'::timestamptz
      from generate_series(1, 2500) g`);
    const res = await t.request("/api/settings/backup", { cookie: big.cookie });
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const messages = JSON.parse(strFromU8(zip["mensagens.json"]!)) as { id: string }[];
    expect(messages).toHaveLength(2500);
    expect(new Set(messages.map((m) => m.id)).size).toBe(2500);
    const csvLines = strFromU8(zip["mensagens.csv"]!).trimEnd().split("\r\n");
    expect(csvLines).toHaveLength(2501);
  });
});

describe("members' sign-up IP addresses (issue 34)", () => {
  it("stay out of the company's backup: they are the platform's anti-fraud data", async () => {
    const shop = await t.companySession({ companyName: "Loja do IP", email: "ip@example.com" });
    await t.db.insert(referrals).values({
      id: "referral-with-ip",
      companyId: shop.companyId,
      referrerId: ana.customerId,
      referredId: bruno.customerId,
      state: "pending",
      ipAddress: "203.0.113.45",
    });
    const res = await t.request("/api/settings/backup", { cookie: shop.cookie });
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const referralRows = JSON.parse(strFromU8(zip["indicacoes.json"]!)) as Record<
      string,
      unknown
    >[];
    expect(referralRows).toEqual([
      expect.objectContaining({ id: "referral-with-ip", referrerId: ana.customerId }),
    ]);
    expect(Object.keys(referralRows[0]!)).not.toContain("ipAddress");
    const csv = strFromU8(zip["indicacoes.csv"]!);
    expect(csv).toContain("referral-with-ip");
    expect(csv).not.toContain("IP do cadastro");
    for (const [name, bytes] of Object.entries(zip)) {
      expect(strFromU8(bytes), name).not.toContain("203.0.113.45");
    }
  });
});
