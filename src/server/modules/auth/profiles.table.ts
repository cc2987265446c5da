import { LANGUAGES } from "@shared/languages";
import { sql } from "drizzle-orm";
import { boolean, date, index, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth.table";

export const roleEnum = pgEnum("role", ["admin", "customer"]);
export const themeEnum = pgEnum("theme", ["light", "dark"]);
export const languageEnum = pgEnum("language", LANGUAGES);

/**
 * One profile per auth user (spec `profiles`; id equals the user id).
 * `empresas_vinculadas` is not stored: an admin's company is `companies.owner_id`.
 */
export const profiles = pgTable(
  "profiles",
  {
    id: text()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    role: roleEnum().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    city: text(),
    state: text(),
    birthDate: date({ mode: "string" }),
    /** origem_cadastro: empresa_direta_{id}, parceria_{..}, afiliado_cliente_{id} or cadastro_direto. */
    origin: text(),
    /** A customer's short counter code ('Mostrar no balcão', e.g. K7Q2MX shown as K7Q-2MX). */
    counterCode: text().unique(),
    /** The `origem` link parameter, e.g. qrcode_empresa. */
    originChannel: text(),
    /** empresa_id of a customer's sign-up link (only when it named a real company). */
    originCompanyId: text(),
    /** parceiro_origem_id */
    partnerCompanyId: text(),
    /** cliente_indicador_id */
    referrerCustomerId: text(),
    /** id_afiliador */
    affiliateId: text(),
    /** Appearance kept for the user (tema claro/escuro, idioma pt/en); null: not chosen yet. */
    theme: themeEnum(),
    language: languageEnum(),
    /**
     * A customer's e-mail switches: an e-mail when a company answers them, when a card of theirs
     * is complete, when a company refuses a stamp they asked for (all on until they turn one off).
     */
    emailReplies: boolean().notNull().default(true),
    emailCompletedCards: boolean().notNull().default(true),
    emailRefusedClaims: boolean().notNull().default(true),
    /**
     * Consent to keep the person's wallet passes (Apple, Google) updated (issue 34, 'Meus dados'):
     * off removes every device registration and stops the updates; each change is a consent record.
     */
    walletUpdates: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Today's birthdays of every company at once (the birthday job, birthdays.queries.ts).
    index("profiles_birthday_idx").on(
      sql`extract(month from ${t.birthDate})`,
      sql`extract(day from ${t.birthDate})`,
    ),
  ],
);
