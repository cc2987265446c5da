import { index, pgEnum, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { profiles } from "../accounts/profiles.table";
import { companies } from "../companies/companies.table";

export const membershipStatusEnum = pgEnum("membership_status", ["active", "inactive"]);

/** A customer's relation to a company (joined once, however often the link is used). */
export const memberships = pgTable(
  "memberships",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    customerId: text()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** How the customer joined: the sign-up origin code, or e.g. `qrcode_empresa`. */
    origin: text(),
    status: membershipStatusEnum().notNull().default("active"),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("memberships_company_customer_unique").on(t.companyId, t.customerId),
    index("memberships_customer_idx").on(t.customerId),
  ],
);
