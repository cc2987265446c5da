/**
 * The `customer-import` job's work (run by flows/import-customers.ts): a confirmed import's valid
 * rows, a chunk per transaction, each becoming an invitation (e-mailed within the day's limit, or
 * scheduled for a later day), a short code (phone only), or skipped. Safe to run twice or on two
 * servers at once: each chunk holds the company's lock (so two imports cannot invite one e-mail
 * twice) and takes only rows without an outcome; a retry goes on where the last run stopped.
 */
import { randomBytes, randomUUID } from "node:crypto";
import {
  IMPORT_INVITATIONS_PER_DAY,
  IMPORT_SHORT_CODE_LENGTH,
  type ImportOutcome,
  type ImportSkipReason,
} from "@shared/customer-imports";
import { INVITATION_TTL_DAYS } from "@shared/customers.schema";
import { SAO_PAULO_TIME_ZONE } from "@shared/dates";
import { brazilianPhoneDigits, phoneKey } from "@shared/phone";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { advisoryLock } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { EMAIL_SEND_LIMITS, hitRateLimit } from "../../rate-limits";
import { findPublicCompany } from "../companies/companies.queries";
import { invitationEmail } from "../mail/mail.service";
import { queueEmail } from "../mail/outbox";
import { findKnownInvitations, findKnownMembers, phoneVariants } from "./imports.queries";
import { customerImportRows, customerImports } from "./imports.table";
import { hashToken, invitationUrl, newLink } from "./invitations.service";
import { customerInvitations } from "./invitations.table";

export type ImportJobDeps = { db: Db; appUrl: string };

/** Rows per transaction: the progress bar moves with each. */
export const IMPORT_CHUNK_ROWS = 200;
/** A short code stays valid this long (printed, handed over at the counter). */
export const IMPORT_CODE_TTL_DAYS = 90;
/** No 0/O, 1/I/L: a code read aloud or from paper is typed right. */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

const DAY_MS = 24 * 60 * 60 * 1000;

export function newShortCode(): string {
  const bytes = randomBytes(IMPORT_SHORT_CODE_LENGTH * 2);
  let code = "";
  // 256 is not a multiple of 31: bytes past the last whole multiple are skipped (no bias).
  for (const b of bytes) {
    if (b < 248 && code.length < IMPORT_SHORT_CODE_LENGTH) code += CODE_ALPHABET[b % 31];
  }
  return code.length === IMPORT_SHORT_CODE_LENGTH ? code : newShortCode();
}

/** The company's import e-mails sent since midnight in São Paulo (the daily limit's count). */
async function sentToday(tx: Db, companyId: string): Promise<number> {
  const i = customerInvitations;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(i)
    .where(
      and(
        eq(i.companyId, companyId),
        isNotNull(i.importId),
        isNotNull(i.email),
        sql`${i.sentAt} >= (date_trunc('day', now() at time zone ${SAO_PAULO_TIME_ZONE}) at time zone ${SAO_PAULO_TIME_ZONE})`,
      ),
    );
  return row?.n ?? 0;
}

/** Within the app-wide e-mails-per-address limit (counted like every invitation e-mail). */
const withinAddressLimit = (tx: Db, email: string) =>
  hitRateLimit(tx, `${EMAIL_SEND_LIMITS.perAddress.bucket}:${email}`, EMAIL_SEND_LIMITS.perAddress);

type Decision = {
  line: number;
  outcome: ImportOutcome;
  reason: ImportSkipReason | null;
  invitationId: string | null;
};

/**
 * Handles the next chunk of the import's rows in `tx`; answers how many (0: none left).
 */
async function processChunk(
  tx: Db,
  deps: ImportJobDeps,
  job: { importId: string; companyId: string; companyName: string },
): Promise<number> {
  const { companyId } = job;
  await advisoryLock(tx, `customer-import:${companyId}`);
  const r = customerImportRows;
  const rows = await tx
    .select()
    .from(r)
    .where(and(eq(r.importId, job.importId), sql`${r.errors} = '{}'`, isNull(r.outcome)))
    .orderBy(asc(r.line))
    .limit(IMPORT_CHUNK_ROWS);
  if (rows.length === 0) return 0;

  const emails = rows.flatMap((row) => (row.email ? [row.email] : []));
  const variantsOf = (phone: string | null) => {
    const digits = brazilianPhoneDigits(phone);
    return digits ? phoneVariants(digits) : [];
  };
  const allPhones = rows.flatMap((row) => variantsOf(row.phone));
  const phoneOnly = rows.flatMap((row) => (row.email ? [] : variantsOf(row.phone)));
  const members = await findKnownMembers(tx, companyId, emails, allPhones);
  const memberEmails = new Set(members.emails);
  const memberPhones = new Set(members.phones.map(phoneKey));
  const invited = await findKnownInvitations(tx, companyId, emails, phoneOnly);
  const invitedBy = new Map<string, boolean>();
  for (const found of invited) {
    const key = found.email ? `e:${found.email}` : `p:${phoneKey(found.phone)}`;
    // Declined wins: that person said no to this company.
    invitedBy.set(key, invitedBy.get(key) === true || found.declinedAt !== null);
  }
  let sent = await sentToday(tx, companyId);

  const decisions: Decision[] = [];
  const invitations: (typeof customerInvitations.$inferInsert)[] = [];
  const codes = new Set<string>();
  for (const row of rows) {
    const key = row.email ? `e:${row.email}` : `p:${phoneKey(row.phone)}`;
    const skip = (reason: ImportSkipReason) =>
      decisions.push({ line: row.line, outcome: "skipped", reason, invitationId: null });
    if (
      (row.email && memberEmails.has(row.email)) ||
      (row.phone && memberPhones.has(phoneKey(row.phone)))
    ) {
      skip("already_customer");
      continue;
    }
    if (invitedBy.has(key)) {
      skip(invitedBy.get(key) ? "declined" : "already_invited");
      continue;
    }
    const id = randomUUID();
    const base = {
      id,
      companyId,
      importId: job.importId,
      name: row.name,
      phone: row.phone,
      birthDate: row.birthDate,
      city: row.city,
      state: row.state,
      pendingStamps: row.stamps,
    };
    let outcome: ImportOutcome;
    if (row.email) {
      const sendNow =
        sent < IMPORT_INVITATIONS_PER_DAY && (await withinAddressLimit(tx, row.email));
      const { token, ...link } = newLink();
      invitations.push({ ...base, email: row.email, ...link, sentAt: sendNow ? new Date() : null });
      if (sendNow) {
        sent++;
        await queueEmail(tx, importMail(deps, job.companyName, row.email, token, row.stamps));
      }
      outcome = sendNow ? "invited" : "scheduled";
    } else {
      let code = newShortCode();
      while (codes.has(code)) code = newShortCode();
      codes.add(code);
      invitations.push({
        ...base,
        email: null,
        shortCode: code,
        tokenHash: hashToken(code),
        expiresAt: new Date(Date.now() + IMPORT_CODE_TTL_DAYS * DAY_MS),
        sentAt: null,
      });
      outcome = "code";
    }
    invitedBy.set(key, false);
    decisions.push({ line: row.line, outcome, reason: null, invitationId: id });
  }
  await insertInvitations(tx, invitations);
  await recordDecisions(tx, job.importId, decisions);
  const count = (o: ImportOutcome) => decisions.filter((d) => d.outcome === o).length;
  await tx
    .update(customerImports)
    .set({
      processedRows: sql`${customerImports.processedRows} + ${decisions.length}`,
      invitedCount: sql`${customerImports.invitedCount} + ${count("invited") + count("scheduled")}`,
      codeCount: sql`${customerImports.codeCount} + ${count("code")}`,
      skippedCount: sql`${customerImports.skippedCount} + ${count("skipped")}`,
    })
    .where(eq(customerImports.id, job.importId));
  return rows.length;
}

/** The chunk's invitations; a short code already taken (about 1 in 10^12) is drawn again. */
async function insertInvitations(tx: Db, rows: (typeof customerInvitations.$inferInsert)[]) {
  if (rows.length === 0) return;
  const codes = rows.flatMap((row) => (row.shortCode ? [row.shortCode] : []));
  if (codes.length > 0) {
    const taken = await tx
      .select({ code: customerInvitations.shortCode })
      .from(customerInvitations)
      .where(inArray(customerInvitations.shortCode, codes));
    const clash = new Set(taken.map((t) => t.code));
    for (const row of rows) {
      while (row.shortCode && clash.has(row.shortCode)) {
        row.shortCode = newShortCode();
        row.tokenHash = hashToken(row.shortCode);
      }
    }
  }
  await tx.insert(customerInvitations).values(rows);
}

/** Each row's outcome in one statement. */
async function recordDecisions(tx: Db, importId: string, decisions: Decision[]) {
  const values = sql.join(
    decisions.map(
      (d) => sql`(${d.line}::int, ${d.outcome}::text, ${d.reason}::text, ${d.invitationId}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${customerImportRows} set outcome = v.outcome, reason = v.reason, invitation_id = v.invitation_id
    from (values ${values}) as v(line, outcome, reason, invitation_id)
    where ${customerImportRows.importId} = ${importId} and ${customerImportRows.line} = v.line`);
}

const importMail = (
  deps: ImportJobDeps,
  companyName: string,
  to: string,
  token: string,
  stamps: number,
) =>
  invitationEmail({
    to,
    companyName,
    url: invitationUrl(deps.appUrl, token),
    days: INVITATION_TTL_DAYS,
    stamps,
  });

/**
 * Runs a confirmed import to its end: 'running', every chunk, then 'done'. A failure marks it
 * 'failed' (the rows done stay done) and throws, so pg-boss retries it from where it stopped.
 * A preview, a finished import or an unknown id: nothing.
 */
export async function runImport(
  deps: ImportJobDeps,
  importId: string,
): Promise<{ processed: number }> {
  const { db } = deps;
  const [started] = await db
    .update(customerImports)
    .set({ status: "running" })
    .where(
      and(
        eq(customerImports.id, importId),
        inArray(customerImports.status, ["queued", "running", "failed"]),
      ),
    )
    .returning({ companyId: customerImports.companyId });
  if (!started) return { processed: 0 };
  const company = await findPublicCompany(db, started.companyId);
  const job = { importId, companyId: started.companyId, companyName: company?.tradeName ?? "" };
  let processed = 0;
  try {
    for (;;) {
      const n = await db.transaction((tx) => processChunk(tx, deps, job));
      if (n === 0) break;
      processed += n;
    }
  } catch (error) {
    await db
      .update(customerImports)
      .set({ status: "failed" })
      .where(eq(customerImports.id, importId));
    throw error;
  }
  await db
    .update(customerImports)
    .set({ status: "done", finishedAt: new Date() })
    .where(and(eq(customerImports.id, importId), eq(customerImports.status, "running")));
  return { processed };
}

/** Confirmed imports not finished (a server stopped mid-way, retries spent): the daily run resumes them. */
export async function listUnfinishedImports(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: customerImports.id })
    .from(customerImports)
    .where(inArray(customerImports.status, ["queued", "running", "failed"]))
    .orderBy(asc(customerImports.createdAt));
  return rows.map((row) => row.id);
}

/**
 * The scheduled invitations' e-mails (the daily run): per company, the oldest first, as many as
 * today's limit leaves; each gets its link and expiry now, and its row becomes 'invited'.
 */
export async function sendScheduledInvitations(deps: ImportJobDeps): Promise<{ sent: number }> {
  const { db } = deps;
  const i = customerInvitations;
  const waiting = and(
    isNotNull(i.importId),
    isNotNull(i.email),
    isNull(i.sentAt),
    isNull(i.acceptedAt),
    isNull(i.declinedAt),
  );
  const companies = await db.selectDistinct({ companyId: i.companyId }).from(i).where(waiting);
  let sent = 0;
  for (const { companyId } of companies) {
    const companyName = (await findPublicCompany(db, companyId))?.tradeName ?? "";
    sent += await db.transaction(async (tx) => {
      await advisoryLock(tx, `customer-import:${companyId}`);
      const room = IMPORT_INVITATIONS_PER_DAY - (await sentToday(tx, companyId));
      if (room <= 0) return 0;
      const due = await tx
        .select({ id: i.id, email: i.email, stamps: i.pendingStamps })
        .from(i)
        .where(and(eq(i.companyId, companyId), waiting))
        .orderBy(asc(i.createdAt), asc(i.id))
        .limit(room);
      const ids: string[] = [];
      for (const invitation of due) {
        if (!(await withinAddressLimit(tx, invitation.email!))) continue;
        const { token, ...link } = newLink();
        await tx
          .update(i)
          .set({ ...link, sentAt: new Date() })
          .where(eq(i.id, invitation.id));
        await queueEmail(
          tx,
          importMail(deps, companyName, invitation.email!, token, invitation.stamps),
        );
        ids.push(invitation.id);
      }
      if (ids.length > 0) {
        await tx
          .update(customerImportRows)
          .set({ outcome: "invited" })
          .where(inArray(customerImportRows.invitationId, ids));
      }
      return ids.length;
    });
  }
  return { sent };
}
