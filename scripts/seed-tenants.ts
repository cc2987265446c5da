/**
 * `npm run seed:tenants [-- COMPANIES PEOPLE MEMBERS STAMPS]`: many companies around the ones
 * already there, for the measures at scale (scripts/bench-scale.ts, decision 020). Defaults: 999
 * companies, 700,000 new people, 900,000 memberships and 9,000,000 stamps: with the 100,000
 * members and 1,000,000 stamps of `npm run seed:reports`, a database of 1,000 companies, 1,000,000
 * members and 10,000,000 stamps. Runs on DATABASE_URL, or the embedded database in DATA_DIR
 * (default ./data; stop the app first).
 *
 * Each company is a confirmed owner, its profile, the company and its default programme. The
 * memberships spread evenly over the companies (about 900 each); their people are the new ones
 * and every customer already in the database, so a person may belong to several companies, as
 * real people do. One card per membership; the stamps fall on the members' cards by a hash, over
 * the last 12 months, oldest first (as live companies write them, interleaved). Everything is
 * INSERT ... SELECT generate_series; the stamps with the roll-up trigger off, then the new
 * companies' roll-ups built at once, the same SQL as report_rollups_rebuild (migration 0014) over
 * all of them.
 */

import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { lockDataDir } from "../src/server/data-dir";
import { connectPostgres, type Database, type Db, openPglite } from "../src/server/db/client";
import {
  DEFAULT_PROGRAM_NAME,
  DEFAULT_PROGRAM_REWARD,
} from "../src/server/modules/programs/programs.service";
import { scriptEnv } from "./script-env";
import { CITIES, FIRST_NAMES, SURNAMES, sqlArray } from "./seed-customers";

export type TenantSizes = {
  /** New companies. */
  companies: number;
  /** New people (customer accounts); the customers already there are people too. */
  people: number;
  /** Memberships of the new companies (their members), spread evenly. */
  members: number;
  /** Stamps on those members' cards. */
  stamps: number;
};

export const DEFAULT_TENANTS: TenantSizes = {
  companies: 999,
  people: 700_000,
  members: 900_000,
  stamps: 9_000_000,
};

const BATCH = 250_000;
const DAYS = 365;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * Seeds `sizes` next to what the database holds; the seconds of each step (`log` hears of each as
 * it ends), the members and stamps written (a membership that exists already is skipped).
 */
export async function seedTenants(
  db: Db,
  sizes: TenantSizes,
  log: (step: string, seconds: number) => void = () => {},
): Promise<{ steps: Record<string, number>; members: number; stamps: number }> {
  const run = randomBytes(4).toString("hex");
  const q = (text: string) => db.execute(sql.raw(text));
  const count = async (text: string) =>
    Number((await db.execute<{ n: number }>(sql.raw(text))).rows[0]?.n ?? 0);
  const steps: Record<string, number> = {};
  let t0 = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    steps[name] = (now - t0) / 1000;
    log(name, steps[name]);
    t0 = now;
  };
  const cities = sqlArray(CITIES.map(([city]) => city));
  const states = sqlArray(CITIES.map(([, state]) => state));
  const first = `(${sqlArray(FIRST_NAMES)})`;
  const last = `(${sqlArray(SURNAMES)})`;

  // Companies: owner (user and profile), company, default programme.
  await q("DROP TABLE IF EXISTS seed_tenant_companies");
  await q(`CREATE UNLOGGED TABLE seed_tenant_companies AS
    SELECT i AS n, md5('${run}o' || i)::uuid::text AS owner_id, md5('${run}c' || i)::uuid::text AS id,
      md5('${run}p' || i)::uuid::text AS program_id, 1 + i % ${CITIES.length} AS city_index
    FROM generate_series(1, ${sizes.companies}) i`);
  await q("CREATE UNIQUE INDEX ON seed_tenant_companies (n)");
  await q("CREATE UNIQUE INDEX ON seed_tenant_companies (id)");
  await q(`INSERT INTO users (id, name, email, email_verified)
    SELECT owner_id, 'Empresa ' || n, 'empresa' || n || '.${run}@empresas.exemplo.com.br', true
    FROM seed_tenant_companies`);
  await q(`INSERT INTO profiles (id, role, name, email, city, state, origin)
    SELECT owner_id, 'admin', 'Empresa ' || n, 'empresa' || n || '.${run}@empresas.exemplo.com.br',
      (${cities})[city_index], (${states})[city_index], 'cadastro_empresa'
    FROM seed_tenant_companies`);
  await q(`INSERT INTO companies (id, owner_id, trade_name, email, city, state, sector, trial_ends_at)
    SELECT id, owner_id, 'Empresa ' || n, 'empresa' || n || '.${run}@empresas.exemplo.com.br',
      (${cities})[city_index], (${states})[city_index], 'alimentacao', now() + interval '30 days'
    FROM seed_tenant_companies`);
  await q(`INSERT INTO programs (id, company_id, name, stamps_required, reward, is_default)
    SELECT s.program_id, s.id, '${DEFAULT_PROGRAM_NAME}', c.default_max_stamps,
      '${DEFAULT_PROGRAM_REWARD}', true
    FROM seed_tenant_companies s JOIN companies c ON c.id = s.id`);
  step("companies");

  // People: accounts and profiles named like seedCustomers' (so a search term matches as often).
  for (let from = 1; from <= sizes.people; from += BATCH) {
    const to = Math.min(sizes.people, from + BATCH - 1);
    const src = `SELECT g, md5('${run}u' || g)::uuid::text AS id,
        ${first}[1 + (g * 7) % ${FIRST_NAMES.length}] || ' ' || ${last}[1 + (g * 13) % ${SURNAMES.length}]
          || ' ' || ${last}[1 + (g / 3 * 17) % ${SURNAMES.length}] AS name,
        carimbou_search_key(${first}[1 + (g * 7) % ${FIRST_NAMES.length}]) || '.'
          || carimbou_search_key(${last}[1 + (g * 13) % ${SURNAMES.length}]) || g || '.${run}@exemplo.com.br' AS email,
        1 + (g * 11) % ${CITIES.length} AS city_index,
        lpad(((g::bigint * 7919) % 100000000)::text, 8, '0') AS phone_digits
      FROM generate_series(${from}, ${to}) g`;
    await db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(`INSERT INTO users (id, name, email, email_verified)
          SELECT id, name, email, true FROM (${src}) s`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO profiles (id, role, name, email, phone, city, state, birth_date, origin)
          SELECT id, 'customer', name, email,
            '(11) 9' || substr(phone_digits, 1, 4) || '-' || substr(phone_digits, 5, 4),
            (${cities})[city_index], (${states})[city_index],
            date '1950-01-01' + ((g * 37) % 20000), 'cadastro_direto'
          FROM (${src}) s`),
      );
    });
  }
  step("people");

  // Memberships: company c = g % C takes its k-th member (k = g / C) as person c × 104729 + k × A
  // mod P (A prime to P): no person twice in one company while a company has fewer than P members.
  await q("DROP TABLE IF EXISTS seed_tenant_people");
  await q(`CREATE UNLOGGED TABLE seed_tenant_people AS
    SELECT row_number() OVER (ORDER BY id)::int AS n, id FROM profiles WHERE role = 'customer'`);
  await q("CREATE UNIQUE INDEX ON seed_tenant_people (n)");
  const people = await count("SELECT count(*)::int AS n FROM seed_tenant_people");
  let spread = 7919;
  while (gcd(spread, people) !== 1) spread += 2;
  for (let from = 0; from < sizes.members; from += BATCH) {
    const to = Math.min(sizes.members, from + BATCH) - 1;
    await q(`INSERT INTO memberships (id, company_id, customer_id, origin, status, joined_at)
      SELECT md5('${run}m' || g)::uuid::text, c.id, p.id,
        (ARRAY['qrcode_empresa', 'qrcode_empresa', 'cadastro_direto', 'convite_empresa'])[1 + g % 4],
        (CASE WHEN g % 20 = 0 THEN 'inactive' ELSE 'active' END)::membership_status,
        now() - (abs(hashtext(g || '${run}j')) % (700 * 86400)) * interval '1 second'
      FROM generate_series(${from}, ${to}) g
      JOIN seed_tenant_companies c ON c.n = 1 + g % ${sizes.companies}
      JOIN seed_tenant_people p
        ON p.n = 1 + ((g % ${sizes.companies})::bigint * 104729 + (g / ${sizes.companies})::bigint * ${spread}) % ${people}
      ON CONFLICT (company_id, customer_id) DO NOTHING`);
  }
  step("memberships");

  // One card per membership, in the company's default programme, part full.
  await q(`INSERT INTO loyalty_cards (id, membership_id, company_id, customer_id, program_id, stamps,
      max_stamps, reward, status, created_at)
    SELECT md5('${run}k' || m.id)::uuid::text, m.id, m.company_id, m.customer_id, s.program_id,
      abs(hashtext(m.id)) % p.stamps_required, p.stamps_required, p.reward, 'active', m.joined_at
    FROM memberships m JOIN seed_tenant_companies s ON s.id = m.company_id
    JOIN programs p ON p.id = s.program_id`);
  await q("DROP TABLE IF EXISTS seed_tenant_members");
  await q(`CREATE UNLOGGED TABLE seed_tenant_members AS
    SELECT row_number() OVER (ORDER BY k.id)::int AS n, k.id AS card_id, k.customer_id, k.company_id,
      s.owner_id
    FROM loyalty_cards k JOIN seed_tenant_companies s ON s.id = k.company_id`);
  await q("CREATE UNIQUE INDEX ON seed_tenant_members (n)");
  const members = await count("SELECT count(*)::int AS n FROM seed_tenant_members");
  step("cards");

  // Stamps, oldest first across all the companies: methods and claims as seed-reports.ts makes
  // them, a member picked by a hash of the row (a third among the first tenth: the regulars).
  const at = (g: string) =>
    `least(now() - interval '1 minute', ((date_trunc('day', now() at time zone 'America/Sao_Paulo')
      - (${DAYS - 1} - (${g}::bigint - 1) * ${DAYS} / ${sizes.stamps}) * interval '1 day'
      + interval '8 hours' + ((${g}::bigint * 7727) % 50400) * interval '1 second')
      at time zone 'America/Sao_Paulo'))`;
  // A bulk load's usual way: the secondary indexes dropped and built again after (inserted one by
  // one at random places, 9,000,000 rows took over an hour here; built, a few minutes). The ids
  // follow the rows' order (a run's prefix, then the row number), so the primary key is appended.
  const indexes = (
    await db.execute<{ name: string; def: string }>(
      sql.raw(`SELECT indexname AS name, indexdef AS def FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = 'stamps'
          AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'stamps'::regclass)`),
    )
  ).rows;
  const idPrefix = `${randomBytes(4).toString("hex")}-${run.slice(0, 4)}-4${run.slice(4, 7)}-8000-`;
  await q("ALTER TABLE stamps DISABLE TRIGGER stamps_report_rollups");
  for (const { name } of indexes) await q(`DROP INDEX ${name}`);
  try {
    for (let from = 1; from <= sizes.stamps; from += BATCH) {
      const to = Math.min(sizes.stamps, from + BATCH - 1);
      await q(`INSERT INTO stamps (id, card_id, company_id, customer_id, method, count, status,
          given_by, created_at, approved_at, claimed)
        SELECT '${idPrefix}' || lpad(to_hex(g), 12, '0'), m.card_id, m.company_id, m.customer_id, k.method,
          k.worth, k.status,
          CASE WHEN k.method IN ('birthday', 'referral') THEN NULL ELSE m.owner_id END,
          t.at, CASE WHEN k.status = 'approved' THEN t.at END, k.claimed
        FROM generate_series(${from}, ${to}) g
        CROSS JOIN LATERAL (SELECT ${at("g")} AS at) t
        CROSS JOIN LATERAL (SELECT
          (CASE WHEN g % 100 < 80 THEN 'purchase' WHEN g % 100 < 88 THEN 'receipt'
            WHEN g % 100 < 92 THEN 'social' WHEN g % 100 < 94 THEN 'google_review'
            WHEN g % 100 < 97 THEN 'birthday' ELSE 'referral' END)::stamp_method AS method,
          (CASE WHEN g % 100 BETWEEN 92 AND 93 THEN 2 WHEN g % 100 BETWEEN 94 AND 96 THEN 3 ELSE 1 END) AS worth,
          (CASE WHEN g % 100 BETWEEN 80 AND 91 AND (g / 100) % 50 = 0 THEN 'rejected' ELSE 'approved' END)::stamp_status AS status,
          (g % 100 BETWEEN 80 AND 91) AS claimed) k
        JOIN seed_tenant_members m ON m.n = CASE WHEN g % 3 = 0
          THEN 1 + abs(hashtext(g::text || '${run}r')) % ${Math.max(1, Math.floor(members / 10))}
          ELSE 1 + abs(hashtext(g::text || '${run}m')) % ${members} END
        ORDER BY t.at`);
    }
  } finally {
    await q("ALTER TABLE stamps ENABLE TRIGGER stamps_report_rollups");
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw("SET LOCAL maintenance_work_mem = '512MB'"));
      for (const { def } of indexes) await tx.execute(sql.raw(def));
    });
  }
  step("stamps");

  // The new companies' roll-ups: report_rollups_rebuild's three statements, for all at once.
  const theirs = `FROM stamps s JOIN seed_tenant_companies t ON t.id = s.company_id
    WHERE s.status = 'approved' AND s.approved_at IS NOT NULL`;
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw("SET LOCAL work_mem = '256MB'"));
    await tx.execute(
      sql.raw(`INSERT INTO report_stamp_days (company_id, day, method, stamps)
        SELECT s.company_id, (s.approved_at AT TIME ZONE 'America/Sao_Paulo')::date, s.method,
          sum(s.count)::int ${theirs} GROUP BY 1, 2, 3`),
    );
    await tx.execute(
      sql.raw(`INSERT INTO report_member_totals (company_id, customer_id, stamps)
        SELECT s.company_id, s.customer_id, sum(s.count)::int ${theirs} GROUP BY 1, 2`),
    );
    await tx.execute(
      sql.raw(`INSERT INTO report_member_days (company_id, customer_id, day, stamps, stamp_rows,
          prev_day, prev2_day)
        SELECT company_id, customer_id, day, stamps, stamp_rows, lag(day) OVER w, lag(day, 2) OVER w
        FROM (SELECT s.company_id, s.customer_id,
            (s.approved_at AT TIME ZONE 'America/Sao_Paulo')::date AS day,
            sum(s.count)::int AS stamps, count(*)::int AS stamp_rows ${theirs} GROUP BY 1, 2, 3) d
        WINDOW w AS (PARTITION BY company_id, customer_id ORDER BY day)`),
    );
  });
  step("roll-ups");

  const written = await count(`SELECT count(*)::int AS n FROM stamps s
    JOIN seed_tenant_companies t ON t.id = s.company_id`);
  await q("DROP TABLE seed_tenant_members");
  await q("DROP TABLE seed_tenant_people");
  await q("DROP TABLE seed_tenant_companies");
  return { steps, members, stamps: written };
}

async function main() {
  const args = process.argv.slice(2).map(Number);
  const sizes: TenantSizes = {
    companies: args[0] ?? DEFAULT_TENANTS.companies,
    people: args[1] ?? DEFAULT_TENANTS.people,
    members: args[2] ?? DEFAULT_TENANTS.members,
    stamps: args[3] ?? DEFAULT_TENANTS.stamps,
  };
  for (const n of Object.values(sizes))
    if (!Number.isInteger(n) || n < 1) throw new Error(`Not a positive number: ${n}`);
  const url = scriptEnv.DATABASE_URL;
  const dataDir = resolve(scriptEnv.DATA_DIR ?? "./data");
  const unlock = url ? () => {} : lockDataDir(dataDir);
  const database: Database = url
    ? connectPostgres(url, { max: 2 })
    : openPglite({ dataDir: join(dataDir, "pglite") });
  try {
    await database.migrate();
    const started = performance.now();
    const result = await seedTenants(database.db, sizes, (name, seconds) =>
      console.info(`  ${name}: ${seconds.toFixed(1)} s`),
    );
    console.info(
      `${sizes.companies} companies, ${result.members} members and ${result.stamps} stamps added in ${((performance.now() - started) / 1000).toFixed(1)} s (${url ? "PostgreSQL" : "PGlite"}).`,
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
