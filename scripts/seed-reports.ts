/**
 * `npm run seed:reports [-- MEMBERS STAMPS]`: a year of activity for /relatorios. One company
 * ("Empresa Relatórios", relatorios@carimbou.dev / segredo1, confirmed) with MEMBERS customers
 * (default 100000, scripts/seed-customers.ts) who joined by QR code, company link, referral,
 * partnership or invitation, and STAMPS stamps (default 1000000) over the last 12 months: every
 * method, mostly in business hours (São Paulo), a few rejected claims; about one completed card per
 * 12 stamps (most redeemed), some referrals and messages. Runs on DATABASE_URL, or the embedded
 * database in DATA_DIR (default ./data; stop the app first).
 *
 * Everything is made by INSERT ... SELECT generate_series in SQL, 200,000 rows per statement: the
 * stamps with the roll-up trigger off, then the company's roll-ups rebuilt at once
 * (report_rollups_rebuild, migration 0014); the memberships clustered by join date, the order a
 * live company writes them in.
 */

import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { eq, sql } from "drizzle-orm";
import { lockDataDir } from "../src/server/data-dir";
import { connectPostgres, type Database, type Db, openPglite } from "../src/server/db/client";
import { companies } from "../src/server/modules/companies/companies.table";
import { findDefaultProgram } from "../src/server/modules/programs/programs.queries";
import { scriptEnv } from "./script-env";
import { ensureSeedCompany, seedCustomers } from "./seed-customers";

const BATCH = 200_000;
const DAYS = 365;

/** How the seeded members joined (memberships.origin), one in ten each but `qrcode_empresa`. */
const ORIGINS = (companyId: string) => [
  "qrcode_empresa",
  "qrcode_empresa",
  "qrcode_empresa",
  "qrcode_empresa",
  `empresa_direta_${companyId}`,
  `empresa_direta_${companyId}`,
  "afiliado_cliente_seed",
  "parceria_seed",
  "convite_empresa",
  "cadastro_direto",
];

/**
 * A year of activity for the company's members (seedCustomers first): origins and join dates over
 * the last 12 months, `stampCount` stamps, completed and redeemed cards, referrals, messages.
 */
export async function seedReportActivity(
  db: Db,
  companyId: string,
  stampCount: number,
  { clusterTables = true } = {},
) {
  const [company] = await db
    .select({ ownerId: companies.ownerId })
    .from(companies)
    .where(eq(companies.id, companyId));
  const program = await findDefaultProgram(db, companyId);
  const run = Date.now().toString(36);
  const q = (text: string) => db.execute(sql.raw(text));
  const origins = ORIGINS(companyId)
    .map((o) => `'${o}'`)
    .join(",");
  // Members numbered 1..N (their open card too), so generate_series can pick one by arithmetic.
  await q("DROP TABLE IF EXISTS seed_report_members");
  await q(`CREATE UNLOGGED TABLE seed_report_members AS
    SELECT row_number() OVER (ORDER BY m.id)::int AS n, m.id AS membership_id, m.customer_id,
      c.id AS card_id
    FROM memberships m JOIN loyalty_cards c ON c.membership_id = m.id AND c.status <> 'redeemed'
    WHERE m.company_id = '${companyId}'`);
  await q("CREATE UNIQUE INDEX ON seed_report_members (n)");
  const [{ members } = { members: 0 }] = (
    await db.execute<{ members: number }>(
      sql.raw("SELECT count(*)::int AS members FROM seed_report_members"),
    )
  ).rows;
  if (members === 0) throw new Error("The company has no members: seed customers first");
  // A member of row g, picked by a hash (no pattern in time): a third of the picks among the
  // first tenth (the regulars), the rest among everyone.
  const member = (g: string) =>
    `(CASE WHEN ${g} % 3 = 0
      THEN 1 + abs(hashtext(${g}::text || '${run}r')) % ${Math.max(1, Math.floor(members / 10))}
      ELSE 1 + abs(hashtext(${g}::text || '${run}m')) % ${members} END)`;
  // A moment `daysAgo` São Paulo days ago, between 08:00 and 22:00 there, never in the future.
  const at = (daysAgo: string, g: string) =>
    `least(now() - interval '1 minute', ((date_trunc('day', now() at time zone 'America/Sao_Paulo')
      - (${daysAgo}) * interval '1 day' + interval '8 hours'
      + ((${g}::bigint * 7727) % 50400) * interval '1 second') at time zone 'America/Sao_Paulo'))`;
  // Any day of the last DAYS (spread by `salt`).
  const moment = (g: string, salt: number) => at(`(${g}::bigint * ${salt}) % ${DAYS}`, g);

  await q(`UPDATE memberships SET
      origin = (ARRAY[${origins}])[1 + abs(hashtext(id)) % 10],
      joined_at = now() - (abs(hashtext(id || 'j')) % (${DAYS} * 86400)) * interval '1 second'
    WHERE company_id = '${companyId}'`);
  // A live company's members are written in the order they join: so are these.
  if (clusterTables) await q("CLUSTER memberships USING memberships_company_joined_idx");

  // Stamps: 80% purchase, then receipt, social, Google review (2), birthday (3), referral. Written
  // oldest first, as a live company writes them (the table's pages follow time), in bulk with the
  // roll-up trigger off (row by row it would count them one at a time), then the company's
  // roll-ups rebuilt from them at once (report_rollups_rebuild, migration 0014).
  await q("ALTER TABLE stamps DISABLE TRIGGER stamps_report_rollups");
  try {
    for (let from = 1; from <= stampCount; from += BATCH) {
      const to = Math.min(stampCount, from + BATCH - 1);
      await q(`INSERT INTO stamps (id, card_id, company_id, customer_id, method, count, status, notes,
        given_by, created_at, approved_at, claimed)
      SELECT md5('${run}s' || g)::uuid::text, m.card_id, '${companyId}', m.customer_id, k.method,
        k.worth, k.status, CASE WHEN g % 50 = 0 THEN 'Cliente pediu nota fiscal' END,
        CASE WHEN k.method IN ('birthday', 'referral') THEN NULL ELSE '${company!.ownerId}' END,
        at, CASE WHEN k.status = 'approved' THEN at END, k.claimed
      FROM generate_series(${from}, ${to}) g
      CROSS JOIN LATERAL (SELECT ${at(`${DAYS - 1} - (g::bigint - 1) * ${DAYS} / ${stampCount}`, "g")} AS at) t
      CROSS JOIN LATERAL (SELECT
        (CASE WHEN g % 100 < 80 THEN 'purchase' WHEN g % 100 < 88 THEN 'receipt'
          WHEN g % 100 < 92 THEN 'social' WHEN g % 100 < 94 THEN 'google_review'
          WHEN g % 100 < 97 THEN 'birthday' ELSE 'referral' END)::stamp_method AS method,
        (CASE WHEN g % 100 BETWEEN 92 AND 93 THEN 2 WHEN g % 100 BETWEEN 94 AND 96 THEN 3 ELSE 1 END) AS worth,
        (CASE WHEN g % 100 BETWEEN 80 AND 91 AND g % 1000 < 20 THEN 'rejected' ELSE 'approved' END)::stamp_status AS status,
        (g % 100 BETWEEN 80 AND 91) AS claimed) k
      JOIN seed_report_members m ON m.n = ${member("g")}
      ORDER BY at`);
    }
  } finally {
    await q("ALTER TABLE stamps ENABLE TRIGGER stamps_report_rollups");
  }
  await q(`SELECT report_rollups_rebuild('${companyId}')`);

  // Completed cards: one per 12 stamps; nine in ten redeemed a few days later.
  const cards = Math.floor(stampCount / 12);
  for (let from = 1; from <= cards; from += BATCH) {
    const to = Math.min(cards, from + BATCH - 1);
    await q(`INSERT INTO loyalty_cards (id, membership_id, company_id, customer_id, program_id,
        stamps, max_stamps, reward, status, created_at, completed_at, redeemed_at)
      SELECT md5('${run}k' || g)::uuid::text, m.membership_id, '${companyId}', m.customer_id,
        '${program.id}', ${program.stampsRequired}, ${program.stampsRequired},
        (SELECT reward FROM programs WHERE id = '${program.id}'), 'redeemed',
        done - interval '40 days', done, least(now(), done + (g % 7) * interval '1 day')
      FROM generate_series(${from}, ${to}) g
      CROSS JOIN LATERAL (SELECT ${moment("g", 4099)} AS done) t
      JOIN seed_report_members m ON m.n = ${member("g")}
      WHERE g % 10 <> 0`);
    await q(`UPDATE loyalty_cards c SET status = 'complete', stamps = c.max_stamps,
        completed_at = ${moment("s.n", 4099)}
      FROM seed_report_members s
      WHERE c.id = s.card_id AND s.n BETWEEN ${Math.ceil(from / 10)} AND ${Math.floor(to / 10)}`);
  }

  // Referrals (one per referred member) and messages, a few thousand each.
  const referrals = Math.min(Math.floor(members / 2), Math.floor(stampCount / 200));
  await q(`INSERT INTO referrals (id, company_id, referrer_id, referred_id, state, referred_stamps,
      referrer_stamps, created_at, qualified_at, rewarded_at)
    SELECT md5('${run}r' || g)::uuid::text, '${companyId}', a.customer_id, b.customer_id,
      (CASE WHEN g % 4 = 0 THEN 'pending' ELSE 'rewarded' END)::referral_state,
      CASE WHEN g % 4 = 0 THEN 0 ELSE 1 END, CASE WHEN g % 4 = 0 THEN 0 ELSE 1 END,
      at, CASE WHEN g % 4 <> 0 THEN at END, CASE WHEN g % 4 <> 0 THEN at END
    FROM generate_series(1, ${referrals}) g
    CROSS JOIN LATERAL (SELECT ${moment("g", 211)} AS at) t
    JOIN seed_report_members a ON a.n = 1 + (g * 2) % ${members}
    JOIN seed_report_members b ON b.n = 1 + (g * 2 + 1) % ${members}`);
  const messages = Math.floor(stampCount / 50);
  await q(`INSERT INTO customer_messages (id, company_id, customer_id, sender, body, status, created_at)
    SELECT md5('${run}q' || g)::uuid::text, '${companyId}', m.customer_id, 'customer',
      (ARRAY['Vocês abrem no feriado?', 'Adorei o atendimento!', 'Qual o prazo da recompensa?',
        '=Promoção de sábado vale para todos?'])[1 + g % 4],
      (CASE WHEN g % 3 = 0 THEN 'pending' ELSE 'answered' END)::message_status, at
    FROM generate_series(1, ${messages}) g
    CROSS JOIN LATERAL (SELECT ${moment("g", 577)} AS at) t
    JOIN seed_report_members m ON m.n = ${member("g")}`);
  await q(`INSERT INTO customer_messages (id, company_id, customer_id, sender, body, status,
      reply_to_id, author_id, created_at)
    SELECT md5('${run}a' || q.id)::uuid::text, q.company_id, q.customer_id, 'company',
      'Obrigado pela mensagem!', 'answered', q.id, '${company!.ownerId}', q.created_at + interval '1 hour'
    FROM customer_messages q
    WHERE q.company_id = '${companyId}' AND q.sender = 'customer' AND q.status = 'answered'
      AND NOT EXISTS (SELECT 1 FROM customer_messages r WHERE r.reply_to_id = q.id)`);
  await q("DROP TABLE seed_report_members");
}

async function main() {
  const membersArg = Number(process.argv[2] ?? 100_000);
  const stampsArg = Number(process.argv[3] ?? 1_000_000);
  for (const n of [membersArg, stampsArg])
    if (!Number.isInteger(n) || n < 1) throw new Error(`Not a positive number: ${n}`);
  const url = scriptEnv.DATABASE_URL;
  const dataDir = resolve(scriptEnv.DATA_DIR ?? "./data");
  const unlock = url ? () => {} : lockDataDir(dataDir);
  const database: Database = url
    ? connectPostgres(url, { max: 2 })
    : openPglite({ dataDir: join(dataDir, "pglite") });
  try {
    await database.migrate();
    const login = {
      email: "relatorios@carimbou.dev",
      password: "segredo1",
      name: "Empresa Relatórios",
    };
    const companyId = await ensureSeedCompany(database.db, login);
    const started = performance.now();
    await seedCustomers(database.db, companyId, membersArg);
    const customersDone = performance.now();
    await seedReportActivity(database.db, companyId, stampsArg);
    const s = (ms: number) => (ms / 1000).toFixed(1);
    console.info(
      `${membersArg} members (${s(customersDone - started)} s) and ${stampsArg} stamps with cards, referrals and messages (${s(performance.now() - customersDone)} s) added to "${login.name}" (${url ? "PostgreSQL" : "PGlite"}).\nSign in at /login-admin as ${login.email} / ${login.password}.`,
    );
  } finally {
    await database.close();
    unlock();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
