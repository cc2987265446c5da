import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../auth/auth.table";
import { companies } from "../companies/companies.table";

/**
 * An import of paper-card customers ('Importar' on /clientes): the file is read and checked into
 * `customer_import_rows` ('preview': nothing sent yet); 'Importar' confirms it and the
 * `customer-import` job invites each valid row ('queued' → 'running' → 'done', or 'failed').
 */
export const customerImports = pgTable(
  "customer_imports",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Who uploaded it (null once that account is gone). */
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    fileName: text().notNull(),
    /** 'preview' | 'queued' | 'running' | 'done' | 'failed' */
    status: text().notNull(),
    totalRows: integer().notNull(),
    /** Rows with no error in the preview (the ones 'Importar' processes). */
    validRows: integer().notNull(),
    /** Rows the job has handled so far (the progress bar). */
    processedRows: integer().notNull().default(0),
    /** Invitations e-mailed (or scheduled for a later day within the daily limit). */
    invitedCount: integer().notNull().default(0),
    /** Phone-only rows given a short invitation code. */
    codeCount: integer().notNull().default(0),
    /** Valid rows not invited (already a customer, already invited, declined before). */
    skippedCount: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("customer_imports_company_idx").on(t.companyId, t.createdAt)],
);

/** One line of an import's file, as read and checked, and what the job did with it. */
export const customerImportRows = pgTable(
  "customer_import_rows",
  {
    importId: text()
      .notNull()
      .references(() => customerImports.id, { onDelete: "cascade" }),
    /** The line in the file (the header is line 1). */
    line: integer().notNull(),
    name: text(),
    email: text(),
    phone: text(),
    birthDate: date({ mode: "string" }),
    city: text(),
    state: text(),
    /** The paper card's stamps (0 when the column is absent or empty). */
    stamps: integer().notNull().default(0),
    /** Error codes found in the preview (empty: the row is valid). */
    errors: text().array().notNull().default(sql`'{}'::text[]`),
    /** What the job did: 'invited' | 'scheduled' | 'code' | 'skipped' (null: not yet). */
    outcome: text(),
    /** Why a row was skipped (a code, e.g. 'already_customer'). */
    reason: text(),
    invitationId: text(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.line] })],
);
