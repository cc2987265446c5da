import { MEMBER_ROLES } from "@shared/team-permissions";
import { sql } from "drizzle-orm";
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";

export const memberRoleEnum = pgEnum("member_role", MEMBER_ROLES);

/** A company's shop ('Unidade'): optional, a company with one shop never lists any. */
export const locations = pgTable(
  "locations",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    address: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("locations_company_idx").on(t.companyId)],
);

/**
 * The people who run a company's panel ('Equipe'): its owners, managers and attendants. An account
 * belongs to one company's team at most; the company's founding owner is `companies.owner_id` and
 * has a row here too (role `owner`).
 */
export const companyMembers = pgTable(
  "company_members",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .unique()
      .references(() => profiles.id, { onDelete: "cascade" }),
    role: memberRoleEnum().notNull(),
    /** The shop the member works at (null: any, or the company has none listed). */
    locationId: text().references(() => locations.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("company_members_company_idx").on(t.companyId)],
);

/** An invitation to a company's team, by e-mail; the link carries a token kept here as a hash. */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text().notNull(),
    role: memberRoleEnum().notNull(),
    locationId: text().references(() => locations.id, { onDelete: "set null" }),
    tokenHash: text().notNull().unique(),
    invitedBy: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // One open invitation per e-mail and company.
    uniqueIndex("staff_invitations_one_open")
      .on(t.companyId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.canceledAt} is null`),
    index("staff_invitations_company_created_idx").on(t.companyId, t.createdAt),
  ],
);
