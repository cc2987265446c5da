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
import { brazilianPhoneDigits, phoneKey } from "@shared/phone";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { advisoryLock } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { insertJsonRows } from "../../db/json-insert";
import { findPublicCompany } from "../companies/companies.queries";
import type { Mail } from "../mail/mail.service";
import { queueEmails } from "../mail/outbox";
import { sendableNow, sentToday } from "./import-daily-limit";
import { importInvitationMails } from "./import-mail";
import { findKnownInvitations, findKnownMembers, phoneVariants } from "./imports.queries";
import { customerImportRows, customerImports } from "./imports.table";
import { hashToken, newLink } from "./invitations.service";
import { customerInvitations } from "./invitations.table";

export type ImportJobDeps = { db: Db; appUrl: string };

/**
 * Rows per transaction: the progress bar moves with each (10 steps for 5,000 rows). A chunk's
 * work is a dozen statements whatever its size (docs/performance.md, "Customer import").
 */
export const IMPORT_CHUNK_ROWS = 500;
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

type Decision = {
  line: number;
  outcome: ImportOutcome;
  reason: ImportSkipReason | null;
  invitationId: string | null;
};

type Job = {
  importId: string;
  companyId: string;
  mail: ReturnType<typeof importInvitationMails>;
};

/**
 * Handles the next chunk of the import's rows (those after line `after`) in `tx`, in a dozen
 * statements: the rows, who among them is known, today's count, the rate limits, then the
 * invitations, e-mails and outcomes each in one. Answers how many rows and the last line (0: none).
 */
async function processChunk(
  tx: Db,
  job: Job,
  after: number,
): Promise<{ count: number; last: number }> {
  const { companyId } = job;
  await advisoryLock(tx, `customer-import:${companyId}`);
  const r = customerImportRows;
  const rows = await tx
    .select()
    .from(r)
    .where(
      and(
        eq(r.importId, job.importId),
        gt(r.line, after),
        sql`${r.errors} = '{}'`,
        isNull(r.outcome),
      ),
    )
    .orderBy(asc(r.line))
    .limit(IMPORT_CHUNK_ROWS);
  if (rows.length === 0) return { count: 0, last: after };

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

  const decisions: Decision[] = [];
  const invitations: (typeof customerInvitations.$inferInsert)[] = [];
  // The e-mail rows to invite, in file order: sent now or scheduled, decided below.
  const toEmail: {
    decision: Decision;
    invitation: (typeof invitations)[number];
    token: string;
    stamps: number;
  }[] = [];
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
    const decision: Decision = { line: row.line, outcome: "code", reason: null, invitationId: id };
    if (row.email) {
      const { token, ...link } = newLink();
      const invitation = { ...base, email: row.email, ...link, sentAt: null as Date | null };
      invitations.push(invitation);
      toEmail.push({ decision, invitation, token, stamps: row.stamps });
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
    }
    invitedBy.set(key, false);
    decisions.push(decision);
  }
  const room = IMPORT_INVITATIONS_PER_DAY - (await sentToday(tx, companyId));
  const now = await sendableNow(
    tx,
    toEmail.map((e) => e.invitation.email!),
    room,
  );
  const mails: Mail[] = [];
  const sentAt = new Date();
  toEmail.forEach((e, k) => {
    e.decision.outcome = now[k] ? "invited" : "scheduled";
    if (!now[k]) return;
    e.invitation.sentAt = sentAt;
    mails.push(job.mail(e.invitation.email!, e.token, e.stamps));
  });
  await insertInvitations(tx, invitations);
  await queueEmails(tx, mails);
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
  return { count: rows.length, last: rows.at(-1)!.line };
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
  await insertJsonRows(tx, customerInvitations, rows);
}

/** Each row's outcome in one statement (the outcomes as one JSON parameter). */
async function recordDecisions(tx: Db, importId: string, decisions: Decision[]) {
  await tx.execute(sql`
    update ${customerImportRows} set outcome = v.outcome, reason = v.reason, invitation_id = v."invitationId"
    from json_to_recordset(${JSON.stringify(decisions)}::json)
      as v(line int, outcome text, reason text, "invitationId" text)
    where ${customerImportRows.importId} = ${importId} and ${customerImportRows.line} = v.line`);
}

/** Lets the server's other work run between two chunks (on PGlite it shares this thread). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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
  const job: Job = {
    importId,
    companyId: started.companyId,
    mail: importInvitationMails(deps.appUrl, company?.tradeName ?? ""),
  };
  let processed = 0;
  try {
    // Chunk after chunk in this run, each committed (the progress moves): rows done by an earlier
    // run have their outcome and are passed over.
    for (let after = 0; ; ) {
      const chunk = await db.transaction((tx) => processChunk(tx, job, after));
      if (chunk.count === 0) break;
      processed += chunk.count;
      after = chunk.last;
      await nextTurn();
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
