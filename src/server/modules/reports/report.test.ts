import { saoPauloDate } from "@shared/dates";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, errorBody, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, type TestApp } from "../../test/test-app";
import { listUpcomingBirthdays } from "../birthdays/birthdays.queries";
import { topMembers } from "./reports.queries";
import { addDays } from "./reports.service";

/**
 * GET /api/reports and its exports: each figure's definition on known activity in a past week
 * (Monday 3 to Sunday 9 March 2025, São Paulo; the previous period 24 February to 2 March), the
 * day boundaries in São Paulo time, the dashboard giving the same figures for today, isolation,
 * validation, and the CSV and .xlsx files.
 */

let t: TestApp;
type Session = { cookie: string; companyId: string };
type Customer = { cookie: string; customerId: string };
let cafe: Session;
let rival: Session;
let ana: Customer;
let bruno: Customer;
let carla: Customer;
let dani: Customer;
let rui: Customer;

const FROM = "2025-03-03";
const TO = "2025-03-09";
const today = saoPauloDate();

const report = async (from = FROM, to = TO, cookie = cafe.cookie) =>
  answerOf<"/api/reports", "get">(
    await t.request(`/api/reports?from=${from}&to=${to}`, { cookie }),
    200,
  );

/** A São Paulo wall-clock time ('2025-03-08 23:30') as an instant. */
const sp = (at: string) => `${at.replace(" ", "T")}:00-03:00`;

/** The MM-DD of today plus `days` (São Paulo), as a birth date of a leap year. */
const birthdayIn = (days: number) => `2000-${addDays(today, days).slice(5)}`;

/**
 * A staff stamp of `method` on the customer's open card, then dated `at` (São Paulo), as if given
 * then: the stamp's approval and creation, and the card's completion when it completed the card.
 */
async function stampAt(customerId: string, method: string, at: string, company = cafe) {
  const card = await answerOf<"/api/customers/{id}/stamps", "post">(
    await t.request(`/api/customers/${customerId}/stamps`, {
      cookie: company.cookie,
      body: { method, notes: method === "receipt" ? "=2+3" : "" },
    }),
    201,
  );
  await t.db.execute(sql`update stamps set approved_at = ${sp(at)}, created_at = ${sp(at)}
    where id = (select id from stamps where customer_id = ${customerId} and company_id = ${company.companyId}
      and status = 'approved' order by created_at desc, id desc limit 1)`);
  if (card.status === "complete")
    await t.db.execute(
      sql`update loyalty_cards set completed_at = ${sp(at)} where id = ${card.id}`,
    );
  return card;
}

const joinedAt = (customer: Customer, at: string, company = cafe) =>
  t.db.execute(sql`update memberships set joined_at = ${sp(at)}
    where customer_id = ${customer.customerId} and company_id = ${company.companyId}`);

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café do Ponto", email: "cafe@example.com" });
  rival = await t.companySession({ companyName: "Rival", email: "rival@example.com" });
  // These tests stamp cards again and again: the counter's interval and daily cap are off.
  await setCounterRules(t, cafe.cookie);
  await setCounterRules(t, rival.cookie);
  // Cards of three stamps, so one completes within the week.
  const [program] = await ok(apiAs(t, cafe.cookie).GET("/api/programs"), 200);
  await answerOf<"/api/programs/{id}", "put">(
    await t.request(`/api/programs/${program!.id}`, {
      method: "PUT",
      cookie: cafe.cookie,
      body: { name: "Cartão Café", stampsRequired: 3, reward: "Um café", description: "" },
    }),
    200,
  );
  const qr = (companyId: string) => ({ empresa_id: companyId, origem: "qrcode_empresa" });
  ana = await t.customerSession({
    name: "Ana Souza",
    email: "ana@example.com",
    phone: "+55 11 91234-5678",
    birthDate: birthdayIn(0),
    origin: qr(cafe.companyId),
  });
  bruno = await t.customerSession({
    name: "Bruno Lima",
    email: "bruno@example.com",
    birthDate: birthdayIn(5),
    origin: qr(cafe.companyId),
  });
  dani = await t.customerSession({
    name: "Dani Reis",
    email: "dani@example.com",
    birthDate: birthdayIn(40),
    origin: qr(cafe.companyId),
  });
  // Carla joins by the café's invitation ('Novo Cliente'), accepted in her area.
  carla = await t.customerSession({ name: "Carla Dias", email: "carla@example.com" });
  await answerOf<"/api/customers", "post">(
    await t.request("/api/customers", {
      cookie: cafe.cookie,
      body: {
        name: "Carla Dias",
        email: "carla@example.com",
        phone: "",
        birthDate: "",
        city: "Campinas",
        state: "SP",
      },
    }),
    201,
  );
  const [invitation] = await ok(apiAs(t, carla.cookie).GET("/api/me/invitations"), 200);
  await answerOf<"/api/me/invitations/{id}/{answer}", "post">(
    await t.request(`/api/me/invitations/${invitation!.id}/accept`, {
      method: "POST",
      cookie: carla.cookie,
    }),
    200,
  );
  // The rival's member, active in the same week.
  rui = await t.customerSession({
    name: "Rui Rival",
    email: "rui@example.com",
    birthDate: birthdayIn(1),
    origin: qr(rival.companyId),
  });

  await joinedAt(ana, "2025-03-03 10:00");
  await joinedAt(bruno, "2025-03-05 18:00");
  await joinedAt(carla, "2025-03-06 09:00");
  await joinedAt(dani, "2025-02-25 12:00");
  await joinedAt(rui, "2025-03-04 12:00", rival);

  // The previous period: Bruno once, Dani on two days.
  await stampAt(bruno.customerId, "purchase", "2025-02-26 15:00");
  await stampAt(dani.customerId, "purchase", "2025-02-27 10:00");
  await stampAt(dani.customerId, "social", "2025-02-28 11:00");
  // The week: Ana completes her card (1 + 2), which is redeemed on Thursday.
  await stampAt(ana.customerId, "purchase", "2025-03-03 10:05");
  const complete = await stampAt(ana.customerId, "google_review", "2025-03-05 20:00");
  expect(complete.status).toBe("complete");
  await answerOf<"/api/cards/{id}/redeem", "post">(
    await t.request(`/api/cards/${complete.id}/redeem`, { cookie: cafe.cookie, body: {} }),
    200,
  );
  await t.db.execute(
    sql`update loyalty_cards set redeemed_at = ${sp("2025-03-06 17:00")} where id = ${complete.id}`,
  );
  await stampAt(carla.customerId, "receipt", "2025-03-07 12:00");
  // Bruno: 23:30 on the last day counts in it; 00:30 the next day does not.
  await stampAt(bruno.customerId, "purchase", "2025-03-09 23:30");
  await stampAt(bruno.customerId, "purchase", "2025-03-10 00:30");
  // The rival's stamp the same week.
  await stampAt(rui.customerId, "purchase", "2025-03-04 12:30", rival);
  // Carla's claim, still waiting for the café: no stamp yet.
  const [open] = await ok(apiAs(t, carla.cookie).GET("/api/me/cards"), 200);
  await answerOf<"/api/me/cards/{id}/claims", "post">(
    await t.request(`/api/me/cards/${open!.id}/claims`, {
      cookie: carla.cookie,
      body: { method: "social", network: "instagram", link: "https://instagram.com/p/1" },
    }),
    201,
  );
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("GET /api/reports", () => {
  it("counts each tile by its definition, beside the previous period of the same length", async () => {
    const r = await report();
    expect(r.period).toEqual({ from: FROM, to: TO, days: 7 });
    expect(r.previous).toEqual({ from: "2025-02-24", to: "2025-03-02" });
    expect(r.tiles).toEqual({
      // Ana, Bruno and Carla joined in the week; Dani the week before.
      newMembers: { current: 3, previous: 1 },
      // Ana, Bruno (23:30 on Sunday) and Carla; before: Bruno and Dani.
      activeMembers: { current: 3, previous: 2 },
      // 1 + 2 (Ana) + 1 (Carla) + 1 (Bruno); the pending claim and Monday's 00:30 are not in it.
      stampsGiven: { current: 5, previous: 3 },
      cardsCompleted: { current: 1, previous: 0 },
      rewardsRedeemed: { current: 1, previous: 0 },
      redemptionRate: { current: 100, previous: 0 },
      // Ana on two days of three active members; Dani on two of two.
      returnRate: { current: 33.3, previous: 50 },
    });
  });

  it("gives every day's stamps by method, in São Paulo days", async () => {
    const r = await report();
    const zero = {
      purchase: 0,
      receipt: 0,
      social: 0,
      google_review: 0,
      birthday: 0,
      referral: 0,
      import: 0,
    };
    expect(r.stampsByDay).toEqual([
      { date: "2025-03-03", ...zero, purchase: 1 },
      { date: "2025-03-04", ...zero },
      { date: "2025-03-05", ...zero, google_review: 2 },
      { date: "2025-03-06", ...zero },
      { date: "2025-03-07", ...zero, receipt: 1 },
      { date: "2025-03-08", ...zero },
      { date: "2025-03-09", ...zero, purchase: 1 },
    ]);
    // 00:30 on Monday 10 March is that day's.
    const monday = await report("2025-03-10", "2025-03-10");
    expect(monday.stampsByDay).toEqual([{ date: "2025-03-10", ...zero, purchase: 1 }]);
    expect(monday.tiles.stampsGiven.current).toBe(1);
    // The week before it is the previous period of that day.
    expect(monday.previous).toEqual({ from: "2025-03-09", to: "2025-03-09" });
    expect(monday.tiles.stampsGiven.previous).toBe(1);
  });

  it("groups new members by week (from Monday) and origin, and cards by week", async () => {
    const r = await report("2025-02-26", TO);
    expect(r.newMembersByWeek).toEqual([
      {
        weekStart: "2025-02-24",
        qrcode: 0,
        company_link: 0,
        referral: 0,
        partnership: 0,
        invited: 0,
        other: 0,
      },
      {
        weekStart: "2025-03-03",
        qrcode: 2,
        company_link: 0,
        referral: 0,
        partnership: 0,
        invited: 1,
        other: 0,
      },
    ]);
    expect(r.cardsByWeek).toEqual([
      { weekStart: "2025-02-24", completed: 0, redeemed: 0 },
      { weekStart: "2025-03-03", completed: 1, redeemed: 1 },
    ]);
  });

  it("maps each way of joining to its origin", async () => {
    const origins: [string | null, string][] = [
      ["qrcode_empresa", "qrcode"],
      [`empresa_direta_${cafe.companyId}`, "company_link"],
      ["afiliado_cliente_x", "referral"],
      ["parceria_a_b", "partnership"],
      ["convite_empresa", "invited"],
      ["cadastro_direto", "other"],
      [null, "other"],
    ];
    const r0 = await report("2025-02-25", "2025-02-25");
    expect(r0.tiles.newMembers.current).toBe(1);
    for (const [origin, bucket] of origins) {
      await t.db.execute(sql`update memberships set origin = ${origin}
        where customer_id = ${dani.customerId} and company_id = ${cafe.companyId}`);
      const [week] = (await report("2025-02-25", "2025-02-25")).newMembersByWeek;
      expect(week, String(origin)).toMatchObject({ weekStart: "2025-02-24", [bucket]: 1 });
    }
    await t.db.execute(sql`update memberships set origin = 'qrcode_empresa'
      where customer_id = ${dani.customerId} and company_id = ${cafe.companyId}`);
  });

  it("lists the top members by stamps in the period, ties by name", async () => {
    const a = { customerId: ana.customerId, name: "Ana Souza" };
    const b = { customerId: bruno.customerId, name: "Bruno Lima" };
    const c = { customerId: carla.customerId, name: "Carla Dias" };
    // The week holds most of the café's stamps: found by walking the members' all-time totals.
    expect((await report()).topMembers).toEqual([
      { ...a, stamps: 3 },
      { ...b, stamps: 1 },
      { ...c, stamps: 1 },
    ]);
    const week = { from: FROM, to: TO };
    expect(await topMembers(t.db, cafe.companyId, week, 2)).toEqual([
      { ...a, stamps: 3 },
      { ...b, stamps: 1 },
    ]);
    // Shorter periods sum their own days.
    expect((await report(FROM, "2025-03-05")).topMembers).toEqual([{ ...a, stamps: 3 }]);
    const weekend = { from: "2025-03-07", to: "2025-03-09" };
    expect(await topMembers(t.db, cafe.companyId, weekend, 1)).toEqual([{ ...b, stamps: 1 }]);
    expect((await report(weekend.from, weekend.to)).topMembers).toEqual([
      { ...b, stamps: 1 },
      { ...c, stamps: 1 },
    ]);
  });

  it("lists the birthdays of the next 30 days by date, with 29 February on the 28th", async () => {
    expect((await report()).upcomingBirthdays).toEqual([
      { customerId: ana.customerId, name: "Ana Souza", date: today },
      { customerId: bruno.customerId, name: "Bruno Lima", date: addDays(today, 5) },
    ]);
    await t.db.execute(
      sql`update profiles set birth_date = '2004-02-29' where id = ${dani.customerId}`,
    );
    const days = (from: string) => Array.from({ length: 30 }, (_, i) => addDays(from, i));
    const dani29 = { customerId: dani.customerId, name: "Dani Reis" };
    expect(await listUpcomingBirthdays(t.db, cafe.companyId, days("2027-02-10"), 100)).toEqual([
      { ...dani29, date: "2027-02-28" },
    ]);
    expect(await listUpcomingBirthdays(t.db, cafe.companyId, days("2028-02-10"), 100)).toEqual([
      { ...dani29, date: "2028-02-29" },
    ]);
    expect(await listUpcomingBirthdays(t.db, cafe.companyId, days("2027-03-01"), 100)).toEqual([]);
    await t.db.execute(
      sql`update profiles set birth_date = ${birthdayIn(40)} where id = ${dani.customerId}`,
    );
  });

  it("gives the dashboard's figures for today: one source of truth", async () => {
    // Eva joins today and completes a card; Carla's claim is approved today.
    const eva = await t.customerSession({
      name: "Eva Nunes",
      email: "eva@example.com",
      origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
    });
    for (const method of ["purchase", "purchase", "purchase"]) {
      await answerOf<"/api/customers/{id}/stamps", "post">(
        await t.request(`/api/customers/${eva.customerId}/stamps`, {
          cookie: cafe.cookie,
          body: { method },
        }),
        201,
      );
    }
    const [claim] = await ok(apiAs(t, cafe.cookie).GET("/api/claims"), 200);
    await answerOf<"/api/claims/{id}/approve", "post">(
      await t.request(`/api/claims/${claim!.id}/approve`, { cookie: cafe.cookie, body: {} }),
      200,
    );
    const dashboard = await ok(apiAs(t, cafe.cookie).GET("/api/dashboard"), 200);
    const { tiles } = await report(today, today);
    expect(dashboard.stampsToday).toBe(4);
    expect(tiles.stampsGiven.current).toBe(dashboard.stampsToday);
    expect(tiles.cardsCompleted.current).toBe(dashboard.cardsCompletedToday);
    expect(dashboard.cardsCompletedToday).toBe(1);
    expect(tiles.newMembers.current).toBe(1);
    expect(tiles.activeMembers.current).toBe(2);
    expect(dashboard.totalCustomers).toBe(5);
    expect(dashboard.rewardsRedeemed).toBe(1);
  });

  it("keeps the roll-ups equal to the stamps through inserts, approvals, changes and deletes", async () => {
    await t.db.execute(sql`delete from stamps where customer_id = ${bruno.customerId}
      and approved_at = ${sp("2025-03-10 00:30")}`);
    expect((await report("2025-03-10", "2025-03-10")).tiles.stampsGiven.current).toBe(0);
    // Several rows moved by one statement, back and forth: every day relinked.
    const move = (by: string) =>
      t.db.execute(sql`update stamps set approved_at = approved_at + ${by}::interval
        where customer_id = ${dani.customerId}`);
    await move("1 day");
    expect((await report("2025-02-28", "2025-03-01")).tiles.returnRate.current).toBe(100);
    await move("-1 day");
    const mismatches = await t.db.execute(sql`
      with truth as (
        select company_id, customer_id, day, stamps, n,
          lag(day) over w as p1, lag(day, 2) over w as p2
        from (select company_id, customer_id,
                (approved_at at time zone 'America/Sao_Paulo')::date as day,
                sum(count)::int as stamps, count(*)::int as n
              from stamps where status = 'approved' group by 1, 2, 3) d
        window w as (partition by company_id, customer_id order by day))
      select 1 from truth full join report_member_days r using (company_id, customer_id, day)
      where truth.stamps is distinct from r.stamps or truth.n is distinct from r.stamp_rows
        or truth.p1 is distinct from r.prev_day or truth.p2 is distinct from r.prev2_day
      union all
      select 1 from (select company_id, (approved_at at time zone 'America/Sao_Paulo')::date as day,
          method, sum(count)::int as stamps from stamps where status = 'approved' group by 1, 2, 3) s
        full join report_stamp_days r using (company_id, day, method)
      where coalesce(s.stamps, 0) <> coalesce(r.stamps, 0)`);
    expect(mismatches.rows).toEqual([]);
    // Counted again from the stamps at once (the migration's backfill): the same report.
    const before = await report();
    await t.db.execute(sql`select report_rollups_rebuild(${cafe.companyId})`);
    expect(await report()).toEqual(before);
  });
});

describe("who sees a report", () => {
  it("another company sees only its own figures and members", async () => {
    const r = await report(FROM, TO, rival.cookie);
    expect(r.tiles.newMembers.current).toBe(1);
    expect(r.tiles.stampsGiven.current).toBe(1);
    expect(r.topMembers).toEqual([{ customerId: rui.customerId, name: "Rui Rival", stamps: 1 }]);
    expect(r.upcomingBirthdays).toEqual([
      { customerId: rui.customerId, name: "Rui Rival", date: addDays(today, 1) },
    ]);
    const csv = await (
      await t.request(`/api/reports/exports/membros.csv?from=${FROM}&to=${TO}`, {
        cookie: rival.cookie,
      })
    ).text();
    expect(csv).toContain("Rui Rival");
    expect(csv).not.toContain("Ana Souza");
  });

  it("is for the company only: a customer is refused, an anonymous request too", async () => {
    for (const path of [
      `/api/reports?from=${FROM}&to=${TO}`,
      `/api/reports/exports/membros.csv?from=${FROM}&to=${TO}`,
      `/api/reports/exports/relatorio.xlsx?from=${FROM}&to=${TO}`,
    ]) {
      expect((await t.request(path, { cookie: ana.cookie })).status, path).toBe(403);
      expect((await t.request(path)).status, path).toBe(401);
    }
  });

  it("refuses a period that ends before it starts, is longer than 366 days or has no real date", async () => {
    const fields = async (query: string, path = "/api/reports") => {
      const body = await errorBody(
        await t.request(`${path}?${query}`, { cookie: cafe.cookie }),
        400,
      );
      expect(body.error.code).toBe("validation_failed");
      return body.error.fields ?? {};
    };
    expect(await fields("from=2025-03-09&to=2025-03-03")).toEqual({ to: "period_invalid" });
    expect(await fields("from=2024-01-01&to=2025-01-01")).toEqual({ to: "period_too_long" });
    expect((await report("2024-01-02", "2025-01-01")).period.days).toBe(366);
    expect(await fields("from=2025-02-30&to=2025-03-03")).toEqual({ from: "date_invalid" });
    expect(await fields("from=ontem&to=2025-03-03")).toEqual({ from: "date_invalid" });
    expect(Object.keys(await fields("from=2025-03-03"))).toEqual(["to"]);
    expect(
      await fields("from=2025-03-09&to=2025-03-03", "/api/reports/exports/membros.csv"),
    ).toEqual({ to: "period_invalid" });
    expect(
      (
        await t.request("/api/reports/exports/clientes.csv?from=2025-03-03&to=2025-03-03", {
          cookie: cafe.cookie,
        })
      ).status,
    ).toBe(400);
  });
});

/** A CSV export's lines (after checking the BOM and CRLF endings), split into cells. */
async function csv(file: string, from = FROM, to = TO, company = cafe) {
  const res = await t.request(`/api/reports/exports/${file}?from=${from}&to=${to}`, {
    cookie: company.cookie,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  const name = file.replace(".csv", "");
  expect(res.headers.get("content-disposition")).toBe(
    `attachment; filename="carimbou-${name}-${from}_${to}.csv"`,
  );
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
  expect(text.startsWith("\uFEFF")).toBe(true);
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.replaceAll("\r\n", "")).not.toContain("\n");
  return text
    .slice(1)
    .split("\r\n")
    .slice(0, -1)
    .map((line) => line.split(";"));
}

describe("exports", () => {
  it("membros: every member who joined by the period's end, with their stamps in it", async () => {
    expect(await csv("membros.csv")).toEqual([
      [
        "Nome",
        "E-mail",
        "Telefone",
        "Cidade",
        "Estado",
        "Origem",
        "Entrou em",
        "Status",
        "Carimbos no período",
      ],
      [
        "Ana Souza",
        "ana@example.com",
        "'+55 11 91234-5678",
        "Campinas",
        "SP",
        "QR Code",
        "03/03/2025 - 10:00",
        "Ativo",
        "3",
      ],
      [
        "Bruno Lima",
        "bruno@example.com",
        "",
        "Campinas",
        "SP",
        "QR Code",
        "05/03/2025 - 18:00",
        "Ativo",
        "1",
      ],
      [
        "Carla Dias",
        "carla@example.com",
        "",
        "Campinas",
        "SP",
        "Convite",
        "06/03/2025 - 09:00",
        "Ativo",
        "1",
      ],
      [
        "Dani Reis",
        "dani@example.com",
        "",
        "Campinas",
        "SP",
        "QR Code",
        "25/02/2025 - 12:00",
        "Ativo",
        "0",
      ],
    ]);
  });

  it("carimbos: the confirmed stamps of the period with method, who gave it and notes", async () => {
    const rows = await csv("carimbos.csv");
    expect(rows[0]).toEqual(["Data", "Cliente", "Método", "Quantidade", "Quem deu", "Observações"]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[5]])).toEqual([
      ["03/03/2025 - 10:05", "Ana Souza", "Compra", "1", ""],
      ["05/03/2025 - 20:00", "Ana Souza", "Avaliação Google", "2", ""],
      // A note Excel would run as a formula is written as text.
      ["07/03/2025 - 12:00", "Carla Dias", "Nota fiscal", "1", "'=2+3"],
      ["09/03/2025 - 23:30", "Bruno Lima", "Compra", "1", ""],
    ]);
    expect(new Set(rows.slice(1).map((r) => r[4]))).toEqual(new Set(["Café do Ponto"]));
  });

  it("cartoes: cards opened, completed or redeemed in the period", async () => {
    const rows = await csv("cartoes.csv", "2025-03-06", "2025-03-06");
    expect(rows).toEqual([
      [
        "Cliente",
        "Programa",
        "Carimbos",
        "Máximo",
        "Status",
        "Aberto em",
        "Completo em",
        "Resgatado em",
      ],
      [
        "Ana Souza",
        "Cartão Café",
        "3",
        "3",
        "Utilizado",
        expect.stringMatching(/^\d\d\/\d\d\/\d{4} - \d\d:\d\d$/),
        "05/03/2025 - 20:00",
        "06/03/2025 - 17:00",
      ],
    ]);
  });

  it("mensagens and indicacoes have their headers even when empty", async () => {
    expect(await csv("mensagens.csv")).toEqual([
      ["Data", "Cliente", "Mensagem", "Status", "Resposta"],
    ]);
    expect(await csv("indicacoes.csv")).toEqual([
      ["Data", "Indicador", "Indicado", "Estado", "Carimbos/bônus"],
    ]);
  });

  it("relatorio.xlsx: one workbook, a sheet per dataset, readable back", async () => {
    const res = await t.request(`/api/reports/exports/relatorio.xlsx?from=${FROM}&to=${TO}`, {
      cookie: cafe.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="carimbou-relatorio-${FROM}_${TO}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    // No referrals at the café: no 'Indicações' sheet.
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      "Membros",
      "Cartões",
      "Carimbos",
      "Mensagens",
    ]);
    const values = (name: string) =>
      workbook
        .getWorksheet(name)!
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1));
    expect(values("Membros")[0]).toEqual([
      "Nome",
      "E-mail",
      "Telefone",
      "Cidade",
      "Estado",
      "Origem",
      "Entrou em",
      "Status",
      "Carimbos no período",
    ]);
    expect(
      values("Membros")
        .slice(1)
        .map((r) => [r[0], r[2], r[5], r[8]]),
    ).toEqual([
      ["Ana Souza", "+55 11 91234-5678", "QR Code", 3],
      ["Bruno Lima", undefined, "QR Code", 1],
      ["Carla Dias", undefined, "Convite", 1],
      ["Dani Reis", undefined, "QR Code", 0],
    ]);
    expect(values("Carimbos").length).toBe(5);
    expect(values("Carimbos")[3]).toEqual([
      "07/03/2025 - 12:00",
      "Carla Dias",
      "Nota fiscal",
      1,
      "Café do Ponto",
      "=2+3",
    ]);
    expect(values("Mensagens")).toEqual([["Data", "Cliente", "Mensagem", "Status", "Resposta"]]);
  });

  it("mensagens with their answers, indicacoes, and the workbook's 'Indicações' sheet", async () => {
    // Rui writes to the rival, which answers; a friend of his joins through his link.
    const sent = await answerOf<"/api/me/messages", "post">(
      await t.request("/api/me/messages", {
        cookie: rui.cookie,
        body: { companyId: rival.companyId, body: "@Vocês abrem no sábado?" },
      }),
      201,
    );
    await answerOf<"/api/messages/{id}/reply", "post">(
      await t.request(`/api/messages/${sent.id}/reply`, {
        cookie: rival.cookie,
        body: { body: "Sim, até as 14h." },
      }),
      201,
    );
    await t.customerSession({
      name: "Vera Amiga",
      email: "vera@example.com",
      origin: { empresa_id: rival.companyId, indicador: rui.customerId },
    });
    const at = expect.stringMatching(/^\d\d\/\d\d\/\d{4} - \d\d:\d\d$/);
    expect(await csv("mensagens.csv", today, today, rival)).toEqual([
      ["Data", "Cliente", "Mensagem", "Status", "Resposta"],
      [at, "Rui Rival", "'@Vocês abrem no sábado?", "Respondida", "Sim, até as 14h."],
    ]);
    const referrals = await csv("indicacoes.csv", today, today, rival);
    expect(referrals).toEqual([
      ["Data", "Indicador", "Indicado", "Estado", "Carimbos/bônus"],
      // (The rival's referral rules are off: recorded, blocked, nothing credited.)
      [at, "Rui Rival", "Vera Amiga", "Bloqueada", "Indicado: 0 carimbos, indicador: 0 carimbos"],
    ]);
    const r = await report(today, today, rival.cookie);
    expect(r.newMembersByWeek.reduce((n, w) => n + w.referral, 0)).toBe(1);
    // The café's exports never hold the rival's rows.
    expect(await csv("mensagens.csv", today, today)).toHaveLength(1);
    expect(await csv("indicacoes.csv", today, today)).toHaveLength(1);

    const res = await t.request(`/api/reports/exports/relatorio.xlsx?from=${today}&to=${today}`, {
      cookie: rival.cookie,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      "Membros",
      "Cartões",
      "Carimbos",
      "Mensagens",
      "Indicações",
    ]);
    const sheet = workbook.getWorksheet("Indicações")!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(3).value).toBe("Vera Amiga");
    expect(workbook.getWorksheet("Mensagens")!.getRow(2).getCell(3).value).toBe(
      "@Vocês abrem no sábado?",
    );
  });
});

describe("the coming birthdays follow the member's own rows (decision 040)", () => {
  it("a profile change, the company's record and a member who left show as they are now", async () => {
    const shop = await t.companySession({
      companyName: "Doces da Vila",
      email: "doces@example.com",
    });
    const join = (name: string, email: string, days: number) =>
      t.customerSession({
        name,
        email,
        birthDate: birthdayIn(days),
        origin: { empresa_id: shop.companyId, origem: "qrcode_empresa" },
      });
    const lia = await join("Lia Prado", "lia@example.com", 2);
    const teo = await join("Téo Nunes", "teo@example.com", 50);
    const mia = await join("Mia Costa", "mia@example.com", 4);
    const coming = async () =>
      (await report(today, today, shop.cookie)).upcomingBirthdays.map((b) => [b.name, b.date]);
    const profile = (who: Customer, name: string, days: number) =>
      t.request("/api/me/profile", {
        method: "PUT",
        cookie: who.cookie,
        body: { name, phone: "", birthDate: birthdayIn(days), city: "", state: "" },
      });
    // The company's record of Téo ('Ver Detalhes') brings his birthday into the next 30 days.
    await ok(
      apiAs(t, shop.cookie).POST("/api/customers/{id}/record", {
        params: { path: { id: teo.customerId } },
        body: { phone: "", birthDate: birthdayIn(3), city: "", state: "", notes: "" },
      }),
      200,
    );
    expect(await coming()).toEqual([
      ["Lia Prado", addDays(today, 2)],
      ["Téo Nunes", addDays(today, 3)],
      ["Mia Costa", addDays(today, 4)],
    ]);
    // Lia corrects her birthday; Mia leaves the programme (the company keeps an anonymous row).
    expect((await profile(lia, "Lia Prado", 1)).status).toBe(200);
    const left = await t.request(`/api/me/privacy/memberships/${shop.companyId}/leave`, {
      method: "POST",
      cookie: mia.cookie,
    });
    expect(left.status).toBe(200);
    expect(await coming()).toEqual([
      ["Lia Prado", addDays(today, 1)],
      ["Téo Nunes", addDays(today, 3)],
    ]);
    // Téo corrects his own birthday: the company's record of it gives way to his.
    expect((await profile(teo, "Téo Nunes", 45)).status).toBe(200);
    expect(await coming()).toEqual([["Lia Prado", addDays(today, 1)]]);
    expect((await profile(teo, "Téo Nunes", 6)).status).toBe(200);
    expect(await coming()).toEqual([
      ["Lia Prado", addDays(today, 1)],
      ["Téo Nunes", addDays(today, 6)],
    ]);
  });
});
