import {
  BILLING_TYPES,
  INVOICE_STATUSES,
  PLANS,
  SUBSCRIPTION_STATUSES,
} from "@shared/billing.schema";
import {
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { companies } from "../companies/companies.table";

export const billingPlanEnum = pgEnum("billing_plan", PLANS);
export const billingTypeEnum = pgEnum("billing_type", BILLING_TYPES);
export const subscriptionStatusEnum = pgEnum("subscription_status", SUBSCRIPTION_STATUSES);
export const invoiceStatusEnum = pgEnum("invoice_status", INVOICE_STATUSES);

/**
 * A company's subscription with the payment provider (one per company: a new subscription after a
 * cancellation replaces the row's provider ids). The provider's customer is created once, with the
 * company's CPF or CNPJ and billing e-mail.
 */
export const subscriptions = pgTable("subscriptions", {
  companyId: text()
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  /** `dev` (the local checkout) or `asaas`. */
  provider: text().notNull(),
  /** CPF (11) or CNPJ (14) digits. */
  document: text().notNull(),
  billingEmail: text().notNull(),
  providerCustomerId: text().notNull(),
  providerSubscriptionId: text(),
  plan: billingPlanEnum().notNull(),
  billingType: billingTypeEnum().notNull(),
  status: subscriptionStatusEnum().notNull(),
  /** When the owner cancelled (access goes on until the paid period ends). */
  cancelledAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A charge of the subscription (the provider's payment). Its period is [dueDate, periodEnd): once
 * paid, the company's paid_until is the latest periodEnd of its paid invoices (so events in any
 * order give the same result).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: text().primaryKey(),
    /**
     * Null once the company was deleted after closing its account (issue 34): the law has the
     * invoices kept (5 years), with the company's name and CNPJ/CPF copied onto them first.
     */
    companyId: text().references(() => companies.id, { onDelete: "set null" }),
    /** Copied when the company is deleted (null while it exists). */
    companyName: text(),
    companyDocument: text(),
    provider: text().notNull(),
    providerPaymentId: text().notNull(),
    providerSubscriptionId: text(),
    plan: billingPlanEnum().notNull(),
    amountCents: integer().notNull(),
    billingType: billingTypeEnum().notNull(),
    dueDate: date({ mode: "string" }).notNull(),
    periodEnd: date({ mode: "string" }).notNull(),
    status: invoiceStatusEnum().notNull(),
    /**
     * `subscription`: a monthly charge of the subscription; `upgrade`: a one-off charge of the
     * pro-rated difference to a higher plan, its period [dueDate, periodEnd] the rest of the paid
     * period it upgrades (decision 027).
     */
    kind: text().$type<"subscription" | "upgrade">().notNull().default("subscription"),
    /**
     * The day a paid charge was taken back (chargeback, refund, cash payment undone): it is owed
     * again from then, and the grace counts from then (decision 027).
     */
    unpaidSince: date({ mode: "string" }),
    invoiceUrl: text(),
    boletoUrl: text(),
    pixCode: text(),
    pixQrImage: text(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("invoices_provider_payment_unique").on(t.provider, t.providerPaymentId),
    index("invoices_company_due_idx").on(t.companyId, t.dueDate),
  ],
);

/**
 * Every billing event kept for support (who, what, when): the provider's webhooks (unique by the
 * provider's event id: a replay changes nothing), reconciliation's findings and the owner's
 * actions. `companyId` is null for an event about no known company.
 */
export const billingEvents = pgTable(
  "billing_events",
  {
    id: text().primaryKey(),
    provider: text().notNull(),
    /** The provider's event id (webhooks), or a made-up one for reconciliation and actions. */
    eventId: text().notNull(),
    companyId: text().references(() => companies.id, { onDelete: "cascade" }),
    /** payment_received, payment_overdue, payment_refunded, subscription_cancelled, subscribe… */
    type: text().notNull(),
    /** webhook, reconcile, or `user:<id>` for the owner's actions. */
    actor: text().notNull(),
    payload: jsonb().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("billing_events_provider_event_unique").on(t.provider, t.eventId),
    index("billing_events_company_received_idx").on(t.companyId, t.receivedAt),
  ],
);
