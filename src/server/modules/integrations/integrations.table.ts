import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { companies } from "../companies/companies.table";

/**
 * An API key of a company (issue 33): only the SHA-256 of its secret is kept. `companyId` is the
 * live company even for a test key (which acts on the company's sandbox copy).
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** 'live' or 'test' (shared/integrations.schema.ts API_KEY_MODES). */
    mode: text().notNull(),
    scopes: text().array().notNull(),
    /** SHA-256 (hex) of the whole secret `cb_<mode>_…`. */
    secretHash: text().notNull(),
    /** `cb_live_AbC1…wXyZ`, shown in the list. */
    hint: text().notNull(),
    createdBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp({ withTimezone: true }),
    requestCount: integer().notNull().default(0),
    revokedAt: timestamp({ withTimezone: true }),
    /** A rotated key kept for a while ('manter a antiga por 24 h'): refused after this. */
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_secret_hash_unique").on(t.secretHash),
    index("api_keys_company_idx").on(t.companyId, t.createdAt),
  ],
);

/** The company's access log of the public API: one row per call, with the key's name. */
export const apiRequests = pgTable(
  "api_requests",
  {
    id: text().primaryKey(),
    /** The live company (a test key's calls too, marked by `mode`). */
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    apiKeyId: text().references(() => apiKeys.id, { onDelete: "set null" }),
    keyName: text().notNull(),
    mode: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    status: smallint().notNull(),
    durationMs: integer().notNull(),
    ipAddress: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_requests_company_idx").on(t.companyId, t.createdAt)],
);

/**
 * A company's webhook endpoint. `companyId` is the company whose events it receives: the live
 * company, or its sandbox copy for a test endpoint.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text().primaryKey(),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    url: text().notNull(),
    description: text(),
    events: text().array().notNull(),
    /** Standard Webhooks secret, `whsec_<base64>`. */
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    disabledReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_company_idx").on(t.companyId)],
);

/** One event's delivery to one endpoint, with its attempts (the delivery log). */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: text().primaryKey(),
    endpointId: text()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    companyId: text()
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The `webhook-id` header: the same for every attempt (the receiver dedupes on it). */
    eventId: text().notNull(),
    eventType: text().notNull(),
    payload: jsonb().notNull(),
    /** pending → succeeded | failed. */
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    responseStatus: smallint(),
    durationMs: integer(),
    responseExcerpt: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    nextAttemptAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_pending_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
