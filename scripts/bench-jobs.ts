/**
 * `npm run bench` (jobs): on PostgreSQL (DATABASE_URL; a fresh database on that server, dropped
 * after), the two measures of issue 16, point 8:
 *
 * 1. The birthday job: one company with 100,000 members (scripts/seed-customers.ts), exactly 300
 *    of the active ones with their birthday today in São Paulo (250 in their profile, 50 in
 *    the company's own record of them), birthday rule on. `grantBirthdayGifts` is timed to the
 *    end (goal: 30 s at most), then run again: it must add no stamp and no e-mail.
 * 2. The e-mail outbox: 1,000 e-mails queued in one transaction (`queueEmail`), sent by the real
 *    worker (`startJobs` with the outbox's job, the SMTP mailer) to a local SMTP server (the e2e
 *    tests' e2e/support/mail-server.ts), timed from the commit until the server has them all
 *    (goal: 50 e-mails/s at least).
 *
 * Rewrites the "Jobs" section of docs/performance.md. Without DATABASE_URL it says so and skips.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { birthdaysOn, saoPauloDate } from "@shared/dates";
import { eq, sql } from "drizzle-orm";
import { startMailServer } from "../e2e/support/mail-server";
import { connectPostgres, type Database, type Db } from "../src/server/db/client";
import { grantBirthdayGifts } from "../src/server/flows/birthday-gifts";
import { JOBS } from "../src/server/jobs";
import { companies } from "../src/server/modules/companies/companies.table";
import { installJobs, startJobs } from "../src/server/modules/jobs/jobs.service";
import {
  birthdayEmail,
  createMailer,
  SMTP_POOL_CONNECTIONS,
} from "../src/server/modules/mail/mail.service";
import { queueEmail, SEND_EMAIL_JOB, sendEmailJob } from "../src/server/modules/mail/outbox";
import { writePerformanceSection } from "./perf-doc";
import { scriptEnv } from "./script-env";
import { ensureSeedCompany, seedCustomers } from "./seed-customers";

const SECTION = "## Jobs: birthday gifts and the e-mail outbox";
const MEMBERS = 100_000;
/** Active members given today's birthday: in their profile, then in the company's record. */
const BIRTHDAYS_IN_PROFILE = 250;
const BIRTHDAYS_IN_RECORD = 50;
const BIRTHDAY_GOAL_SECONDS = 30;
const EMAILS = 1_000;
const OUTBOX_GOAL_PER_SECOND = 50;
/** The outbox measure gives up after this long (and reports what arrived). */
const OUTBOX_TIMEOUT_SECONDS = 180;
const APP_URL = "http://127.0.0.1:3000";

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  (await db.execute(query)).rows as T[];

/** Birthday stamps of the company (rows and stamps) and e-mails waiting in the outbox. */
async function counts(db: Db, companyId: string) {
  const [stamps] = await rowsOf<{ rows: number; stamps: number }>(
    db,
    sql`select count(*)::int as rows, coalesce(sum(count), 0)::int as stamps
        from stamps where company_id = ${companyId} and method = 'birthday'`,
  );
  const [gifts] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from birthday_gifts where company_id = ${companyId}`,
  );
  const [emails] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from pgboss.job where name = ${SEND_EMAIL_JOB}`,
  );
  return {
    stampRows: stamps!.rows,
    stamps: stamps!.stamps,
    gifts: gifts!.n,
    emails: emails!.n,
  };
}

/**
 * Exactly `inProfile + inRecord` active members of the company have their birthday on `monthDay`
 * ('MM-DD'): the seed's own birthdays on today's dates move two days on, then members picked by
 * id (random order: the ids are md5s) get the date, in leap years so that 29 February is valid.
 */
async function setBirthdaysToday(
  db: Db,
  companyId: string,
  monthDays: string[],
  { inProfile, inRecord }: { inProfile: number; inRecord: number },
) {
  const onToday = (column: string) =>
    sql.raw(
      `(${monthDays
        .map((md) => {
          const [month, day] = md.split("-").map(Number);
          return `(extract(month from ${column}) = ${month} and extract(day from ${column}) = ${day})`;
        })
        .join(" or ")})`,
    );
  await db.execute(sql`
    update profiles p set birth_date = p.birth_date + 2
    from memberships m
    where m.customer_id = p.id and m.company_id = ${companyId} and m.status = 'active'
      and ${onToday("p.birth_date")}`);
  const [month, day] = monthDays[0]!.split("-").map(Number);
  await db.execute(sql`
    with chosen as (
      select customer_id, row_number() over (order by id) as k
      from memberships
      where company_id = ${companyId} and status = 'active' and birth_date is null
      order by id
      limit ${inProfile + inRecord}
    )
    update profiles p set birth_date = make_date(1960 + 4 * (k % 10)::int, ${month}, ${day})
    from chosen where chosen.customer_id = p.id and k <= ${inProfile}`);
  await db.execute(sql`
    with chosen as (
      select id, row_number() over (order by id) as k
      from memberships
      where company_id = ${companyId} and status = 'active' and birth_date is null
      order by id
      limit ${inProfile + inRecord}
    )
    update memberships m set birth_date = make_date(1964 + 4 * (k % 10)::int, ${month}, ${day})
    from chosen where chosen.id = m.id and k > ${inProfile}`);
}

async function benchBirthdays(database: Database) {
  const { db } = database;
  const companyId = await ensureSeedCompany(db, {
    email: "bench-jobs@example.com",
    password: "segredo1",
    name: "Bench Aniversários",
  });
  await db
    .update(companies)
    .set({
      birthdayEnabled: true,
      birthdayStamps: 3,
      birthdayPromotion:
        "Feliz aniversário! Venha comemorar com a gente: a sobremesa é por nossa conta.",
    })
    .where(eq(companies.id, companyId));

  const now = new Date();
  const today = saoPauloDate(now);
  const seedStart = performance.now();
  await seedCustomers(db, companyId, MEMBERS);
  await setBirthdaysToday(db, companyId, birthdaysOn(today), {
    inProfile: BIRTHDAYS_IN_PROFILE,
    inRecord: BIRTHDAYS_IN_RECORD,
  });
  // What autovacuum does on a live server: statistics and the visibility map.
  await db.execute(sql.raw("VACUUM ANALYZE"));
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const [members] = await rowsOf<{ all: number; active: number }>(
    db,
    sql`select count(*)::int as all, (count(*) filter (where status = 'active'))::int as active
        from memberships where company_id = ${companyId}`,
  );
  console.info(
    `Seeded ${members!.all} members (${members!.active} active) in ${seedSeconds.toFixed(1)} s; today in São Paulo: ${today}`,
  );

  const before = await counts(db, companyId);
  const load = loadavg()[0]!;
  const t0 = performance.now();
  const first = await grantBirthdayGifts({ db, appUrl: APP_URL }, now);
  const seconds = (performance.now() - t0) / 1000;
  const afterFirst = await counts(db, companyId);
  console.info(
    `First run: ${first.gifted} gifts (${first.skipped} skipped) in ${seconds.toFixed(2)} s; ` +
      `+${afterFirst.stampRows - before.stampRows} birthday stamp rows (${afterFirst.stamps - before.stamps} stamps), +${afterFirst.emails - before.emails} e-mails`,
  );

  const t1 = performance.now();
  const second = await grantBirthdayGifts({ db, appUrl: APP_URL }, now);
  const secondSeconds = (performance.now() - t1) / 1000;
  const afterSecond = await counts(db, companyId);
  const added = {
    gifts: second.gifted,
    stamps: afterSecond.stamps - afterFirst.stamps,
    stampRows: afterSecond.stampRows - afterFirst.stampRows,
    emails: afterSecond.emails - afterFirst.emails,
  };
  console.info(
    `Second run: ${added.gifts} gifts, +${added.stampRows} stamp rows (+${added.stamps} stamps), +${added.emails} e-mails in ${secondSeconds.toFixed(2)} s`,
  );

  return {
    members: members!,
    seedSeconds,
    birthdaysToday: first.gifted + first.skipped,
    gifted: first.gifted,
    skipped: first.skipped,
    stampsGiven: afterFirst.stamps - before.stamps,
    emailsQueued: afterFirst.emails - before.emails,
    seconds,
    secondSeconds,
    added,
    load,
  };
}

/**
 * The outbox's rate with SMTP_URL set to the local server, as is (the app's mailer keeps a pool of
 * SMTP_POOL_CONNECTIONS connections open) or with `?pool=false` (a new connection per e-mail).
 */
async function benchOutbox(database: Database, { pool }: { pool: boolean }) {
  const { db } = database;
  // The birthday run's e-mails (and the sign-up's, and an earlier measure's) are not part of it.
  await db.execute(sql`delete from pgboss.job where name = ${SEND_EMAIL_JOB}`);

  const sink = await startMailServer();
  const mailer = createMailer({
    smtpUrl: pool ? sink.url : `${sink.url}/?pool=false`,
    from: "Carimbou <nao-responda@carimbou.dev>",
    db,
    production: false,
    appUrl: APP_URL,
  });
  const backupDir = mkdtempSync(join(tmpdir(), "carimbou-bench-jobs-"));
  // The app's runtime (main.ts), with the outbox's job only: no schedule fires during the measure.
  const runner = await startJobs({
    database,
    deps: { db, mailer, appUrl: APP_URL, backupDir },
    jobs: [sendEmailJob],
  });
  try {
    const mails = Array.from({ length: EMAILS }, (_, i) =>
      birthdayEmail({
        to: `cliente${i}@exemplo.com.br`,
        name: `Cliente ${i}`,
        companyName: "Bench Aniversários",
        stamps: 3,
        message: "Feliz aniversário! Venha comemorar com a gente.",
        language: "pt",
        url: `${APP_URL}/dashboard-cliente-cartao-fidelidade/bench`,
      }),
    );
    await db.transaction(async (tx) => {
      for (const mail of mails) await queueEmail(tx as unknown as Db, mail);
    });
    const load = loadavg()[0]!;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const deadline = t0 + OUTBOX_TIMEOUT_SECONDS * 1000;
    let lastReport = t0;
    while (sink.mails.length < EMAILS && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        console.info(
          `  ${sink.mails.length} of ${EMAILS} e-mails after ${((lastReport - t0) / 1000).toFixed(0)} s`,
        );
      }
    }
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const received = sink.mails.length;
    const perSecond = received / seconds;
    // This process's CPU per e-mail: the worker, nodemailer and the SMTP server with its parser.
    const cpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, received);
    console.info(
      `Outbox${pool ? "" : " (?pool=false)"}: ${received} of ${EMAILS} e-mails in ${seconds.toFixed(2)} s: ${perSecond.toFixed(1)} e-mails/s (${cpuMs.toFixed(1)} ms of CPU per e-mail; load average ${load.toFixed(1)})`,
    );
    const mailKb = (mails[0]!.text.length + mails[0]!.html.length) / 1024;
    return {
      pool,
      received,
      seconds,
      perSecond,
      finished: received >= EMAILS,
      mailKb,
      cpuMs,
      load,
    };
  } finally {
    await runner.stop();
    mailer.close();
    await sink.close();
    rmSync(backupDir, { recursive: true, force: true });
  }
}

async function main() {
  const url = scriptEnv.DATABASE_URL;
  if (!url) {
    console.info(
      "bench-jobs: the jobs benchmark needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres). Skipped.",
    );
    return;
  }
  const started = performance.now();
  const name = `carimbou_bench_jobs_${Date.now()}`;
  const admin = connectPostgres(url, { max: 1 });
  await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  // The server's own pool size (connectPostgres' default), shared by the app and pg-boss.
  const database = connectPostgres(target.toString());
  try {
    await database.migrate();
    await installJobs(database, JOBS);

    const b = await benchBirthdays(database);
    const outbox = [
      await benchOutbox(database, { pool: true }),
      await benchOutbox(database, { pool: false }),
    ];
    const o = outbox[0]!;

    const f1 = (n: number) => n.toFixed(1);
    const f2 = (n: number) => n.toFixed(2);
    const birthdayMet = b.seconds <= BIRTHDAY_GOAL_SECONDS;
    const onceMet = b.added.gifts === 0 && b.added.stamps === 0 && b.added.emails === 0;
    const outboxMet = o.finished && o.perSecond >= OUTBOX_GOAL_PER_SECOND;
    const unpooled = outbox[1]!;
    const section = [
      `${SECTION} (\`npm run bench\`, PostgreSQL)`,
      "",
      `Measured ${new Date().toISOString().slice(0, 10)} on this project's 2-core machine, on PostgreSQL (a fresh database on the local server; the app's pool of 10 connections, shared with pg-boss), by \`scripts/bench-jobs.ts\`. "load average": the machine's 1-minute load when the measure started; above 2, other work shared the 2 cores and the figures are lower than on an idle machine.`,
      "",
      `**Birthday gifts** (\`grantBirthdayGifts\`, the \`birthday-gifts\` job's work, called directly): one company with ${b.members.all.toLocaleString("en")} members (${b.members.active.toLocaleString("en")} active; scripts/seed-customers.ts, seeded in ${f1(b.seedSeconds)} s, then \`VACUUM ANALYZE\`), its birthday rule on (3 stamps and a message); ${BIRTHDAYS_IN_PROFILE + BIRTHDAYS_IN_RECORD} active members have their birthday today in São Paulo (${BIRTHDAYS_IN_PROFILE} in their profile, ${BIRTHDAYS_IN_RECORD} in the company's own record of them). Each gift is one transaction: the \`birthday_gifts\` row (unique per company, member and year), the stamps on the open card (at most its free places: the seed's cards are part full, so some members get fewer than 3), the in-app notice and the e-mail in the outbox. Then the job runs again: it must add nothing (its time is the listing's: today's birthdays among the ${b.members.all.toLocaleString("en")} through the two birthday indexes, all already gifted). Goal: ${BIRTHDAY_GOAL_SECONDS} s at most.`,
      "",
      "| members | birthdays today | gifts given | stamps given | e-mails queued | seconds | second run: seconds | second run: gifts | stamps added | e-mails added | load average |",
      "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
      `| ${b.members.all.toLocaleString("en")} | ${b.birthdaysToday} | ${b.gifted} | ${b.stampsGiven} | ${b.emailsQueued} | ${f2(b.seconds)} | ${f2(b.secondSeconds)} | ${b.added.gifts} | ${b.added.stamps} | ${b.added.emails} | ${f1(b.load)} |`,
      "",
      `**E-mail outbox**: ${EMAILS.toLocaleString("en")} e-mails (the birthday e-mail, ${f1(o.mailKb)} KB of text and HTML each) queued with \`queueEmail\` in one transaction, then sent by the real workers (\`startJobs\` with the \`send-email\` job, as main.ts runs it: ${SMTP_POOL_CONNECTIONS} workers side by side, each taking the next e-mail as soon as it has sent one; idle, they look every second) through the app's SMTP mailer (\`createMailer\`, nodemailer) to a local SMTP server in the same process (e2e/support/mail-server.ts: smtp-server, which waits 100 ms before greeting each new connection, and mailparser), timed from the commit until the server has received them all (given up after ${OUTBOX_TIMEOUT_SECONDS} s). Once with \`SMTP_URL\` as is (the app's mailer keeps a pool of ${SMTP_POOL_CONNECTIONS} SMTP connections open: \`pooledSmtpUrl\`), once with \`?pool=false\` (a new SMTP connection per e-mail). CPU: this process's (worker, nodemailer, and the SMTP server with its parser), not PostgreSQL's. Goal: ${OUTBOX_GOAL_PER_SECOND} e-mails/s at least.`,
      "",
      "| SMTP_URL | e-mails queued | e-mails received | seconds | e-mails/s | CPU ms per e-mail | load average |",
      "| --- | --- | --- | --- | --- | --- | --- |",
      ...outbox.map(
        (r) =>
          `| ${r.pool ? "`smtp://…` (as is: pooled)" : "`smtp://…/?pool=false`"} | ${EMAILS.toLocaleString("en")} | ${r.received.toLocaleString("en")} | ${f2(r.seconds)} | ${f1(r.perSecond)} | ${f1(r.cpuMs)} | ${f1(r.load)} |`,
      ),
      "",
      birthdayMet
        ? `The birthday job is within its goal (${f1(b.seconds)} s ≤ ${BIRTHDAY_GOAL_SECONDS} s).`
        : `The birthday job misses its goal (${f1(b.seconds)} s > ${BIRTHDAY_GOAL_SECONDS} s).`,
      onceMet
        ? "The second run added no gift, no stamp and no e-mail."
        : `The second run added ${b.added.gifts} gifts, ${b.added.stamps} stamps and ${b.added.emails} e-mails: it must add none.`,
      outboxMet
        ? `The outbox is within its goal with \`SMTP_URL\` as is (${f1(o.perSecond)} e-mails/s ≥ ${OUTBOX_GOAL_PER_SECOND}).`
        : `The outbox misses its goal with \`SMTP_URL\` as is (${f1(o.perSecond)} e-mails/s < ${OUTBOX_GOAL_PER_SECOND}${o.finished ? "" : `; ${o.received} of ${EMAILS} arrived in ${OUTBOX_TIMEOUT_SECONDS} s`}).`,
      `With \`?pool=false\`: ${f1(unpooled.perSecond)} e-mails/s.`,
      "",
    ].join("\n");
    writePerformanceSection(SECTION, section);
    console.info(
      `\nWritten to docs/performance.md (bench-jobs took ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
    if (!onceMet) process.exitCode = 1;
  } finally {
    await database.close();
    await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    await admin.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
