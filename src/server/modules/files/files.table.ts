import { customType, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { companies } from "../companies/companies.table";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Uploaded files (receipts, later logos), kept in the database so every app server sees them
 * and a backup holds them.
 */
export const files = pgTable(
  "files",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    uploadedBy: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    data: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("files_company_idx").on(t.companyId)],
);
