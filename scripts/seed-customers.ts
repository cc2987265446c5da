/**
 * `npm run seed:customers [-- N]`: one company ("Empresa Demonstração", seed@carimbou.dev /
 * segredo1, confirmed) with N customers (default 100000, or SEED_CUSTOMERS), each with a user,
 * profile, membership and card: realistic Brazilian names with accents, e-mails, phones, cities
 * and birthdays. Runs on DATABASE_URL, or the embedded database in DATA_DIR (default ./data; stop
 * the app first, it locks it). Run again to add N more customers to the same company.
 *
 * The rows are made by multi-row INSERT ... SELECT generate_series in SQL, 20,000 at a time.
 */

import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { eq, sql } from "drizzle-orm";
import { createAuth } from "../src/server/auth";
import { lockDataDir } from "../src/server/data-dir";
import { connectPostgres, type Database, type Db, openPglite } from "../src/server/db/client";
import { signUpCompany } from "../src/server/flows/sign-up";
import { users } from "../src/server/modules/auth/auth.table";
import { findDefaultProgram } from "../src/server/modules/programs/programs.queries";
import { findMembership } from "../src/server/modules/team/team.queries";
import { scriptEnv } from "./script-env";

export const FIRST_NAMES = [
  "João",
  "José",
  "Antônio",
  "Francisco",
  "Carlos",
  "Paulo",
  "Pedro",
  "Lucas",
  "Luís",
  "Marcos",
  "Gabriel",
  "Rafael",
  "Daniel",
  "Márcio",
  "Fábio",
  "Sérgio",
  "Vinícius",
  "Otávio",
  "Caio",
  "Heitor",
  "Maria",
  "Ana",
  "Francisca",
  "Antônia",
  "Adriana",
  "Juliana",
  "Márcia",
  "Fernanda",
  "Patrícia",
  "Aline",
  "Letícia",
  "Lúcia",
  "Flávia",
  "Ângela",
  "Bárbara",
  "Cecília",
  "Inês",
  "Mônica",
  "Júlia",
  "Luíza",
  "Conceição",
  "Beatriz",
  "Camila",
  "Larissa",
  "Débora",
  "Cláudia",
  "Tânia",
  "Vitória",
  "Yasmin",
  "Íris",
];
export const SURNAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Ribeiro",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Araújo",
  "Gonçalves",
  "Simões",
  "Brandão",
  "Falcão",
  "Magalhães",
  "Guimarães",
  "Conceição",
  "Assunção",
  "Peixoto",
  "Sá",
  "Antunes",
  "Galvão",
  "Leão",
  "Muniz",
  "Romão",
  "Estêvão",
  "Garcês",
  "Câmara",
];
export const CITIES: [string, string, number][] = [
  ["São Paulo", "SP", 11],
  ["Campinas", "SP", 19],
  ["Santos", "SP", 13],
  ["Rio de Janeiro", "RJ", 21],
  ["Niterói", "RJ", 21],
  ["Belo Horizonte", "MG", 31],
  ["Uberlândia", "MG", 34],
  ["Curitiba", "PR", 41],
  ["Maringá", "PR", 44],
  ["Florianópolis", "SC", 48],
  ["Porto Alegre", "RS", 51],
  ["Salvador", "BA", 71],
  ["Recife", "PE", 81],
  ["Fortaleza", "CE", 85],
  ["Belém", "PA", 91],
  ["Manaus", "AM", 92],
  ["Goiânia", "GO", 62],
  ["Brasília", "DF", 61],
  ["Vitória", "ES", 27],
  ["São Luís", "MA", 98],
];

const BATCH = 20_000;

export const sqlArray = (values: string[]) =>
  `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]::text[]`;

/**
 * Adds `count` customers to the company (users, profiles, memberships with their search keys
 * from the database's triggers, and one card each in the default programme).
 */
export async function seedCustomers(db: Db, companyId: string, count: number) {
  const program = await findDefaultProgram(db, companyId);
  // Ids: md5 of a per-run prefix and the row number, as UUIDs, so each statement finds the others'.
  const run = randomBytes(6).toString("hex");
  // E-mails are numbered on from earlier runs' (they are unique).
  const [seeded] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.email} like '%@exemplo.com.br'`);
  const offset = seeded?.n ?? 0;
  const src = (from: number, to: number) => `
    SELECT g,
      md5('${run}u' || g)::uuid::text AS id,
      md5('${run}m' || g)::uuid::text AS membership_id,
      md5('${run}c' || g)::uuid::text AS card_id,
      (${sqlArray(FIRST_NAMES)})[1 + (g * 7) % ${FIRST_NAMES.length}]
        || ' ' || (${sqlArray(SURNAMES)})[1 + (g * 13) % ${SURNAMES.length}]
        || ' ' || (${sqlArray(SURNAMES)})[1 + (g / 3 * 17) % ${SURNAMES.length}] AS name,
      carimbou_search_key((${sqlArray(FIRST_NAMES)})[1 + (g * 7) % ${FIRST_NAMES.length}])
        || '.' || carimbou_search_key((${sqlArray(SURNAMES)})[1 + (g * 13) % ${SURNAMES.length}])
        || g || '@exemplo.com.br' AS email,
      1 + (g * 11) % ${CITIES.length} AS city_index,
      lpad(((g::bigint * 7919) % 100000000)::text, 8, '0') AS phone_digits
    FROM generate_series(${from + offset}, ${to + offset}) AS g`;
  const cities = sqlArray(CITIES.map(([city]) => city));
  const states = sqlArray(CITIES.map(([, state]) => state));
  const ddds = `ARRAY[${CITIES.map(([, , ddd]) => ddd).join(",")}]::int[]`;

  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1);
    await db.transaction(async (tx) => {
      await tx.execute(
        sql.raw(`INSERT INTO users (id, name, email, email_verified)
          SELECT id, name, email, true FROM (${src(from, to)}) s`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO profiles (id, role, name, email, phone, city, state, birth_date, origin, origin_company_id)
          SELECT id, 'customer', name, email,
            '(' || (${ddds})[city_index] || ') 9' || substr(phone_digits, 1, 4) || '-' || substr(phone_digits, 5, 4),
            (${cities})[city_index], (${states})[city_index],
            date '1950-01-01' + ((g * 37) % 20000),
            'empresa_direta_${companyId}', '${companyId}'
          FROM (${src(from, to)}) s`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO memberships (id, company_id, customer_id, origin, status, joined_at)
          SELECT membership_id, '${companyId}', id, 'seed',
            (CASE WHEN g % 20 = 0 THEN 'inactive' ELSE 'active' END)::membership_status,
            now() - ((g % 700) || ' days')::interval
          FROM (${src(from, to)}) s`),
      );
      await tx.execute(
        sql.raw(`INSERT INTO loyalty_cards (id, membership_id, company_id, customer_id, program_id, stamps, max_stamps, reward, status, created_at)
          SELECT card_id, membership_id, '${companyId}', id, '${program.id}', g % ${program.stampsRequired},
            ${program.stampsRequired}, (SELECT reward FROM programs WHERE id = '${program.id}'),
            'active', now() - ((g % 700) || ' days')::interval
          FROM (${src(from, to)}) s`),
      );
    });
  }
}

/** The seed company (made through the real sign-up, then confirmed); its id. */
export async function ensureSeedCompany(
  db: Db,
  input: { email: string; password: string; name: string },
): Promise<string> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, input.email));
  if (!existing) {
    const auth = createAuth({
      db,
      appUrl: "http://localhost:3000",
      secret: randomBytes(32).toString("hex"),
      mailer: { kind: "smtp", send: async () => {}, close() {} },
    });
    await signUpCompany(
      { db, auth, appUrl: "http://localhost:3000" },
      {
        companyName: input.name,
        email: input.email,
        password: input.password,
        city: "São Paulo",
        state: "SP",
        phone: "(11) 3000-0000",
        sector: "alimentacao",
      },
    );
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, input.email));
  }
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  const member = await findMembership(db, user!.id);
  if (member?.role !== "owner") throw new Error(`${input.email} is not a company owner's account`);
  return member.companyId;
}

async function main() {
  const count = Number(process.argv[2] ?? scriptEnv.SEED_CUSTOMERS ?? 100_000);
  if (!Number.isInteger(count) || count < 1) throw new Error(`Not a number of customers: ${count}`);
  const url = scriptEnv.DATABASE_URL;
  const dataDir = resolve(scriptEnv.DATA_DIR ?? "./data");
  // The embedded database takes one process at a time (the app locks it the same way).
  const unlock = url ? () => {} : lockDataDir(dataDir);
  const database: Database = url
    ? connectPostgres(url, { max: 2 })
    : openPglite({ dataDir: join(dataDir, "pglite") });
  try {
    await database.migrate();
    const login = {
      email: "seed@carimbou.dev",
      password: "segredo1",
      name: "Empresa Demonstração",
    };
    const companyId = await ensureSeedCompany(database.db, login);
    const started = performance.now();
    await seedCustomers(database.db, companyId, count);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `${count} customers added to "${login.name}" in ${seconds} s (${url ? "PostgreSQL" : "PGlite"}).\nSign in at /login-admin as ${login.email} / ${login.password}.`,
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
