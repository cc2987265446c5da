import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRetention } from "../../flows/retention";
import { apiAs, ok, runJob } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, customerInput, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { NOT_PERSONAL_COLUMNS, PERSONAL_DATA } from "./personal-data";

/**
 * Every table that holds a person is classified in one place (personal-data.ts), and an account's
 * deletion leaves no `deleted` or `anonymised` table with the person's id or e-mail (issue 34).
 */

let t: TestApp;

type Column = { table_name: string; column_name: string };
async function columns(): Promise<Column[]> {
  return (
    await t.db.execute<Column>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public'`)
  ).rows;
}
async function foreignKeysToPeople(): Promise<Column[]> {
  return (
    await t.db.execute<Column>(sql`
      select c.conrelid::regclass::text as table_name, a.attname as column_name
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid::regclass::text in ('users', 'profiles')`)
  ).rows;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("the personal-data registry", () => {
  it("classifies every table with a person's id or a key to a person", async () => {
    const all = await columns();
    const personLike = all.filter(
      (c) =>
        /(^|_)(customer|user|referrer|referred|owner)_id$/.test(c.column_name) &&
        !NOT_PERSONAL_COLUMNS.includes(`${c.table_name}.${c.column_name}`),
    );
    const keyed = await foreignKeysToPeople();
    const unclassified = [...personLike, ...keyed]
      .filter((c) => !(c.table_name in PERSONAL_DATA))
      .map((c) => `${c.table_name}.${c.column_name}`);
    expect([...new Set(unclassified)]).toEqual([]);
    // And each listed column exists (the registry stays true when a column is renamed).
    const names = new Set(all.map((c) => `${c.table_name}.${c.column_name}`));
    const missing = Object.entries(PERSONAL_DATA).flatMap(([table, entry]) =>
      entry.columns
        .filter((column) => !names.has(`${table}.${column}`))
        .map((c) => `${table}.${c}`),
    );
    expect(missing).toEqual([]);
    for (const entry of Object.values(PERSONAL_DATA)) expect(entry.why.length).toBeGreaterThan(10);
  });
});

describe("after an account's deletion", () => {
  it("no deleted or anonymised table holds the person's id or e-mail", async () => {
    const shop = await t.companySession({ email: "dono.registro@example.com" });
    await setCounterRules(t, shop.cookie);
    // Carlos brought her (her referral holds her sign-up IP address).
    const carlosEmail = "carlos.registro@example.com";
    await t.request("/api/accounts/customer", {
      body: {
        ...customerInput({ name: "Carlos", email: carlosEmail }),
        origin: { empresa_id: shop.companyId, origem: "qrcode_empresa" },
      },
      ip: "10.9.8.6",
    });
    await t.confirm(carlosEmail);
    const carlosCookie = await t.signIn(carlosEmail, "segredo1");
    const carlos = (await ok(apiAs(t, carlosCookie).GET("/api/me"), 200)).user.id;
    const email = "bia.registro@example.com";
    const res = await t.request("/api/accounts/customer", {
      body: {
        ...customerInput({ name: "Bia Registro", email }),
        origin: { empresa_id: shop.companyId, indicador: carlos },
      },
      ip: "10.9.8.7",
    });
    expect(res.status).toBe(201);
    await t.confirm(email);
    // A failed attempt with the address, then the real sign-in.
    expect(
      (await t.request("/api/session", { body: { email, password: "errada99" } })).status,
    ).toBe(401);
    const cookie = await t.signIn(email, "segredo1");
    const id = (await ok(apiAs(t, cookie).GET("/api/me"), 200)).user.id;

    // A friend she brought (referral with the friend's IP), stamps, a receipt claim, a message.
    const friend = await t.request("/api/accounts/customer", {
      body: {
        ...customerInput({ name: "Amigo", email: "amigo.registro@example.com" }),
        origin: { empresa_id: shop.companyId, indicador: id },
      },
      ip: "10.9.8.8",
    });
    expect(friend.status).toBe(201);
    expect(
      (
        await t.request(`/api/customers/${id}/stamps`, {
          cookie: shop.cookie,
          body: { method: "purchase" },
        })
      ).status,
    ).toBe(201);
    const [card] = await ok(apiAs(t, cookie).GET("/api/me/cards"), 200);
    const form = new FormData();
    form.set("file", new File([PNG], "nota.png"));
    const upload = await t.app.request(
      `/api/me/cards/${card!.id}/claims/receipt`,
      { method: "POST", body: form, headers: { origin: TEST_APP_URL, cookie } },
      { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
    );
    expect(upload.status, await upload.clone().text()).toBe(201);
    await t.request("/api/me/messages", {
      cookie,
      body: { companyId: shop.companyId, body: "Olá!" },
    });
    await t.request("/api/me/interests", {
      cookie,
      body: { sector: "alimentacao", city: "Campinas", state: "SP", description: "Uma padaria" },
    });
    await t.request("/api/me/privacy/exports", { method: "POST", cookie });
    await t.request("/api/me/privacy/consents/wallet", {
      method: "PUT",
      cookie,
      body: { enabled: false },
    });
    // What the other channels hold of her, written as they would be.
    for (const statement of [
      sql`insert into whatsapp_contacts (id, company_id, phone, name, customer_id)
        values ('wa-bia', ${shop.companyId}, '5511988887777', 'Bia', ${id})`,
      sql`insert into instagram_contacts (id, company_id, igsid, username, customer_id)
        values ('ig-bia', ${shop.companyId}, '1789', 'bia', ${id})`,
      sql`insert into push_subscriptions (id, user_id, endpoint, p256dh, auth)
        values ('push-bia', ${id}, 'https://push.example.com/bia', 'k', 'a')`,
      sql`insert into apple_passes (card_id, authentication_token) values (${card!.id}, 'token-bia')`,
      sql`insert into apple_pass_registrations (device_library_id, card_id, push_token)
        values ('device-bia', ${card!.id}, 'apns-bia')`,
      sql`insert into notification_reads (user_id, notification_id) values (${id}, 'cartao_x')`,
      sql`insert into assistant_handoffs (company_id, customer_id, taken_by)
        values (${shop.companyId}, ${id}, 'someone')`,
      sql`insert into assistant_feedback (id, company_id, kind, body, channel, customer_id, source_message_id)
        values ('fb-bia', ${shop.companyId}, 'suggestion', 'Mais pão', 'app', ${id}, 'm-bia')`,
      sql`insert into birthday_gifts (id, company_id, customer_id, year, given_on)
        values ('bg-bia', ${shop.companyId}, ${id}, 2026, '2026-05-17')`,
    ]) {
      await t.db.execute(statement);
    }

    const herIp = sql`select count(*)::int as n from referrals where ip_address = '10.9.8.7'`;
    expect((await t.db.execute<{ n: number }>(herIp)).rows[0]!.n).toBe(1);
    expect(
      (await t.request("/api/me/privacy/deletion", { cookie, body: { password: "segredo1" } }))
        .status,
    ).toBe(202);
    const inEightDays = new Date(Date.now() + 8 * 86_400_000);
    expect(await runJob(t, "account-deletions", { now: inEightDays })).toEqual({ deleted: 1 });

    const leftovers: string[] = [];
    for (const [table, entry] of Object.entries(PERSONAL_DATA)) {
      if (entry.fate === "kept") continue;
      for (const column of entry.columns) {
        const n = Number(
          (
            await t.db.execute<{ n: number }>(
              sql`select count(*)::int as n from ${sql.identifier(table)}
                  where ${sql.identifier(column)}::text in (${id}, ${email})`,
            )
          ).rows[0]!.n,
        );
        if (n > 0) leftovers.push(`${table}.${column}: ${n}`);
      }
    }
    expect(leftovers).toEqual([]);
    // What has no person column but was hers: the receipt's file, the wallet device, her IP.
    const [gone] = (
      await t.db.execute<{ files: number; devices: number; ips: number }>(sql`
        select (select count(*)::int from files where company_id = ${shop.companyId}) as files,
          (select count(*)::int from apple_pass_registrations) as devices,
          (select count(*)::int from referrals where ip_address = '10.9.8.7') as ips`)
    ).rows;
    expect(gone).toEqual({ files: 0, devices: 0, ips: 0 });
    // The friend she brought keeps their own account and referral (now from an anonymous member).
    const friendRow = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from referrals where referrer_id like 'anon_%'
          and ip_address = '10.9.8.8'`,
    );
    expect(friendRow.rows[0]!.n).toBe(1);
    // Her access records stay 6 months (Marco Civil, art. 15), naming no one; then retention ends them.
    const records = sql`select count(*)::int as n from sign_in_events where email like 'sha256:%'
      and user_id is null and ip_address is not null`;
    expect((await t.db.execute<{ n: number }>(records)).rows[0]!.n).toBeGreaterThanOrEqual(2);
    await runRetention(t.db, new Date(Date.now() + 7 * 31 * 86_400_000));
    expect((await t.db.execute<{ n: number }>(records)).rows[0]!.n).toBe(0);
    // The company's counts stay: the stamp is there, anonymous.
    const stamps = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from stamps where company_id = ${shop.companyId}
          and customer_id like 'anon_%' and status = 'approved'`,
    );
    expect(stamps.rows[0]!.n).toBeGreaterThanOrEqual(1);
  }, 60_000);
});

/** A 1×1 PNG (a receipt photo as the upload checks it). */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  ),
);
