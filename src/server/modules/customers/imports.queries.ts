/**
 * The imports as the company sees them (read only; the writes are in imports.service.ts and
 * import-invitations.ts): a batch with its counts, the preview's rows, the result file's rows, the
 * phone-only rows' codes; and, for the job, who among a chunk's rows is already a member.
 */
import {
  type CustomerImport,
  IMPORT_PREVIEW_ERROR_ROWS,
  IMPORT_PREVIEW_SAMPLE_ROWS,
  type ImportColumns,
  type ImportOutcome,
  type ImportPreview,
  type ImportRow,
  type ImportRowError,
  type ImportSkipReason,
} from "@shared/customer-imports";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { users } from "../auth/auth.table";
import { profiles } from "../auth/profiles.table";
import { findDefaultProgram } from "../programs/programs.queries";
import { customerImportRows, customerImports } from "./imports.table";
import { customerInvitations } from "./invitations.table";
import { memberships } from "./memberships.table";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const importNotFound = () => new AppError("not_found", 404, "Import not found.");

type ImportRecord = typeof customerImports.$inferSelect;
type RowRecord = typeof customerImportRows.$inferSelect;

/** The company's import `id` (another company's, or a malformed id: 404). */
export async function findImport(db: Db, companyId: string, id: string): Promise<ImportRecord> {
  if (!UUID.test(id)) throw importNotFound();
  const [row] = await db
    .select()
    .from(customerImports)
    .where(and(eq(customerImports.id, id), eq(customerImports.companyId, companyId)))
    .limit(1);
  if (!row) throw importNotFound();
  return row;
}

/** What the invitations of each import stand at now: scheduled, accepted, stamps waiting. */
async function invitationCounts(db: Db, ids: string[]) {
  if (ids.length === 0)
    return new Map<string, { scheduled: number; accepted: number; stamps: number }>();
  const i = customerInvitations;
  const rows = await db
    .select({
      importId: i.importId,
      scheduled: sql<number>`count(*) filter (where ${i.sentAt} is null and ${i.shortCode} is null and ${i.acceptedAt} is null and ${i.declinedAt} is null)::int`,
      accepted: sql<number>`count(${i.acceptedAt})::int`,
      stamps: sql<number>`coalesce(sum(${i.pendingStamps}) filter (where ${i.acceptedAt} is null and ${i.declinedAt} is null), 0)::int`,
    })
    .from(i)
    .where(inArray(i.importId, ids))
    .groupBy(i.importId);
  return new Map(rows.map((r) => [r.importId!, r]));
}

/** The stamps of the valid rows the job has not handled yet (a preview's: all of them). */
async function unhandledStamps(db: Db, importId: string): Promise<number> {
  const [row] = await db
    .select({ stamps: sql<number>`coalesce(sum(${customerImportRows.stamps}), 0)::int` })
    .from(customerImportRows)
    .where(
      and(
        eq(customerImportRows.importId, importId),
        sql`${customerImportRows.errors} = '{}'`,
        isNull(customerImportRows.outcome),
      ),
    );
  return row?.stamps ?? 0;
}

async function toCustomerImports(db: Db, records: ImportRecord[]): Promise<CustomerImport[]> {
  const counts = await invitationCounts(
    db,
    records.filter((r) => r.status !== "preview").map((r) => r.id),
  );
  return Promise.all(
    records.map(async (r) => {
      const c = counts.get(r.id) ?? { scheduled: 0, accepted: 0, stamps: 0 };
      return {
        id: r.id,
        fileName: r.fileName,
        status: r.status as CustomerImport["status"],
        totalRows: r.totalRows,
        validRows: r.validRows,
        errorRows: r.totalRows - r.validRows,
        processedRows: r.processedRows,
        // The table counts e-mails sent and scheduled together; the scheduled ones are live.
        invitedCount: Math.max(0, r.invitedCount - c.scheduled),
        scheduledCount: c.scheduled,
        codeCount: r.codeCount,
        skippedCount: r.skippedCount,
        acceptedCount: c.accepted,
        stampsWaiting: (r.status === "done" ? 0 : await unhandledStamps(db, r.id)) + c.stamps,
        createdAt: r.createdAt.toISOString(),
        finishedAt: r.finishedAt?.toISOString() ?? null,
      };
    }),
  );
}

/** The company's imports, newest first (at most 20). */
export async function listImports(db: Db, companyId: string): Promise<CustomerImport[]> {
  const records = await db
    .select()
    .from(customerImports)
    .where(eq(customerImports.companyId, companyId))
    .orderBy(desc(customerImports.createdAt), desc(customerImports.id))
    .limit(20);
  return toCustomerImports(db, records);
}

const toImportRow = (r: RowRecord): ImportRow => ({
  line: r.line,
  name: r.name,
  email: r.email,
  phone: r.phone,
  birthDate: r.birthDate,
  city: r.city,
  state: r.state,
  stamps: r.stamps,
  errors: r.errors as ImportRowError[],
  outcome: r.outcome as ImportOutcome | null,
  reason: r.reason as ImportSkipReason | null,
});

/**
 * The columns a stored import was read with. The table keeps no header names (migration 0024),
 * so a field is named by its pt-BR header when some row holds it; the preview's own answer
 * (`POST /api/customers/imports`) carries the headers as written.
 */
async function storedColumns(db: Db, importId: string): Promise<ImportColumns> {
  const r = customerImportRows;
  const [found] = await db
    .select({
      name: sql<boolean>`bool_or(${r.name} is not null)`,
      email: sql<boolean>`bool_or(${r.email} is not null)`,
      phone: sql<boolean>`bool_or(${r.phone} is not null)`,
      birthDate: sql<boolean>`bool_or(${r.birthDate} is not null or 'birth_date_invalid' = any(${r.errors}))`,
      city: sql<boolean>`bool_or(${r.city} is not null)`,
      state: sql<boolean>`bool_or(${r.state} is not null)`,
      stamps: sql<boolean>`bool_or(${r.stamps} > 0 or ${r.errors} && array['stamps_invalid','stamps_negative','stamps_over_size'])`,
    })
    .from(r)
    .where(eq(r.importId, importId));
  const named = (on: boolean | undefined, header: string) => (on ? header : null);
  return {
    name: named(found?.name, "nome"),
    email: named(found?.email, "e-mail"),
    phone: named(found?.phone, "telefone"),
    birthDate: named(found?.birthDate, "nascimento"),
    city: named(found?.city, "cidade"),
    state: named(found?.state, "estado"),
    stamps: named(found?.stamps, "carimbos"),
  };
}

/** An import as its preview (also its progress while the job runs). */
export async function getImportPreview(
  db: Db,
  companyId: string,
  id: string,
  columns?: ImportColumns,
): Promise<ImportPreview> {
  const record = await findImport(db, companyId, id);
  const r = customerImportRows;
  const [batch] = await toCustomerImports(db, [record]);
  const errorRows = await db
    .select()
    .from(r)
    .where(and(eq(r.importId, id), sql`${r.errors} <> '{}'`))
    .orderBy(asc(r.line))
    .limit(IMPORT_PREVIEW_ERROR_ROWS);
  const sampleRows = await db
    .select()
    .from(r)
    .where(and(eq(r.importId, id), sql`${r.errors} = '{}'`))
    .orderBy(asc(r.line))
    .limit(IMPORT_PREVIEW_SAMPLE_ROWS);
  const program = await findDefaultProgram(db, companyId).catch(() => null);
  return {
    import: batch!,
    columns: columns ?? (await storedColumns(db, id)),
    cardSize: program?.stampsRequired ?? 0,
    errorRows: errorRows.map(toImportRow),
    sampleRows: sampleRows.map(toImportRow),
  };
}

/** Every row of an import in file order, a batch at a time (the result file), with its code. */
export async function* importRowBatches(db: Db, importId: string, size = 1000) {
  let after = 0;
  for (;;) {
    const batch = await db
      .select({ row: customerImportRows, code: customerInvitations.shortCode })
      .from(customerImportRows)
      .leftJoin(customerInvitations, eq(customerInvitations.id, customerImportRows.invitationId))
      .where(and(eq(customerImportRows.importId, importId), gt(customerImportRows.line, after)))
      .orderBy(asc(customerImportRows.line))
      .limit(size);
    if (batch.length === 0) return;
    yield batch.map(({ row, code }) => ({ ...toImportRow(row), code }));
    after = batch.at(-1)!.row.line;
  }
}

/** The phone-only rows' codes of an import, in file order. */
export async function listCodeRows(db: Db, importId: string) {
  const i = customerInvitations;
  return db
    .select({
      line: customerImportRows.line,
      name: customerImportRows.name,
      phone: customerImportRows.phone,
      stamps: customerImportRows.stamps,
      code: i.shortCode,
      acceptedAt: i.acceptedAt,
    })
    .from(customerImportRows)
    .innerJoin(i, eq(i.id, customerImportRows.invitationId))
    .where(and(eq(customerImportRows.importId, importId), isNotNull(i.shortCode)))
    .orderBy(asc(customerImportRows.line));
}

// ---------------------------------------------------------------------------------------------
// For the job: a chunk's people already known to the company

/** The digits a Brazilian number may be stored with: with/without 55 or 0, and the ninth digit. */
export function phoneVariants(national: string): string[] {
  const area = national.slice(0, 2);
  const local = national.slice(2);
  const locals = new Set([local]);
  if (local.length === 9 && /^9[6-9]/.test(local)) locals.add(local.slice(1));
  if (local.length === 8 && /^[6-9]/.test(local)) locals.add(`9${local}`);
  return [...locals].flatMap((l) => [`${area}${l}`, `55${area}${l}`, `0${area}${l}`]);
}

/**
 * `expr in (values)` with the values as one text[] parameter: a chunk's 500 e-mails and 3,000 phone
 * variants would otherwise be 3,500 parameters to build and bind. The array is a constant to the
 * planner, which checks it as a hash (or looks each value up in an index).
 */
const inList = (expr: SQL, values: string[]) => sql`${expr} = any(${sql.param(values)}::text[])`;

const digitsOf = (column: unknown) =>
  sql<string>`regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;

/** The members of the company among these e-mails (their account's) and phone digits. */
export async function findKnownMembers(
  db: Db,
  companyId: string,
  emails: string[],
  phoneDigits: string[],
): Promise<{ emails: string[]; phones: string[] }> {
  const byEmail =
    emails.length === 0
      ? []
      : await db
          .select({ email: users.email })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.customerId))
          .where(
            and(eq(memberships.companyId, companyId), inList(sql`lower(${users.email})`, emails)),
          );
  const phone = sql<string>`coalesce(${memberships.phone}, ${profiles.phone})`;
  const byPhone =
    phoneDigits.length === 0
      ? []
      : await db
          .select({ phone })
          .from(memberships)
          .innerJoin(profiles, eq(profiles.id, memberships.customerId))
          .where(and(eq(memberships.companyId, companyId), inList(digitsOf(phone), phoneDigits)));
  return { emails: byEmail.map((r) => r.email.toLowerCase()), phones: byPhone.map((r) => r.phone) };
}

/** The company's invitations to these e-mails, or (without an e-mail) to these phone digits. */
export async function findKnownInvitations(
  db: Db,
  companyId: string,
  emails: string[],
  phoneDigits: string[],
) {
  const i = customerInvitations;
  const conditions = [];
  if (emails.length > 0) conditions.push(inList(sql`${i.email}`, emails));
  if (phoneDigits.length > 0) {
    conditions.push(and(isNull(i.email), inList(digitsOf(i.phone), phoneDigits)));
  }
  if (conditions.length === 0) return [];
  return db
    .select({ email: i.email, phone: i.phone, declinedAt: i.declinedAt })
    .from(i)
    .where(and(eq(i.companyId, companyId), sql`(${sql.join(conditions, sql` or `)})`));
}
