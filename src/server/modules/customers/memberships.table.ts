import { sql } from "drizzle-orm";
import {
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { companies } from "../companies/companies.table";

export const membershipStatusEnum = pgEnum("membership_status", ["active", "inactive", "left"]);

/** A customer's relation to a company (joined once, however often the link is used). */
export const memberships = pgTable(
  "memberships",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /**
     * The member's profile id; after they left the programme or deleted their account (issue 34),
     * a fresh `anon_…` id that names no one, so the company's counts stay true (no foreign key).
     */
    customerId: text().notNull(),
    /** How the customer joined: the sign-up origin code, or e.g. `qrcode_empresa`. */
    origin: text(),
    /**
     * The partner company that sent the customer (`parceiro_origem_id`): joined through its
     * partnership link. Partners see counts of these, never the list.
     */
    partnerCompanyId: text().references(() => companies.id, { onDelete: "set null" }),
    status: membershipStatusEnum().notNull().default("active"),
    joinedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the member left the programme (status `left`, the row anonymised: issue 34). */
    leftAt: timestamp({ withTimezone: true }),
    /**
     * The company's own record of the customer ('Ver Detalhes' edit mode): null means "as in the
     * customer's profile". Editing these never changes the customer's account.
     */
    phone: text(),
    birthDate: date({ mode: "string" }),
    city: text(),
    state: text(),
    notes: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * Name, e-mail and phone (also as digits only), lower-case and without accents, kept by the
     * database (triggers in migration 0005) for the customer search: 'joao' finds 'João'.
     */
    searchText: text().notNull().default(""),
    /** The customer's name as the list sorts it (kept by the same triggers). */
    sortName: text().notNull().default(""),
    /**
     * The member's birthday as month × 100 + day (1231 is 31 December): the company's record
     * (`birthDate`) when it has one, else the customer's profile; null when neither has a date or
     * the member left. Kept by the same triggers (migration 0030), so a company's birthdays are
     * read from its own rows (decision 040).
     */
    birthday: smallint(),
  },
  (t) => [
    unique("memberships_company_customer_unique").on(t.companyId, t.customerId),
    index("memberships_customer_idx").on(t.customerId),
    index("memberships_partner_idx")
      .on(t.partnerCompanyId, t.companyId)
      .where(sql`${t.partnerCompanyId} is not null`),
    index("memberships_company_sort_idx").on(t.companyId, t.sortName, t.id),
    // Members who joined in a period (/relatorios: new members by week and origin).
    index("memberships_company_joined_idx").on(t.companyId, t.joinedAt),
    index("memberships_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // A company's birthdays of some days (the reports, the dashboard, the birthday job).
    index("memberships_company_birthday_idx").on(t.companyId, t.birthday),
  ],
);

/**
 * How many memberships each company has, kept by the database (statement triggers in migration
 * 0006), so the unsearched /clientes list knows its total without counting 100,000 rows.
 */
export const companyMemberCounts = pgTable("company_member_counts", {
  companyId: text()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  members: integer().notNull().default(0),
});
