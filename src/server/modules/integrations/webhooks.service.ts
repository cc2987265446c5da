/**
 * Webhooks (issue 33): a company's endpoints, the events they receive and their delivery log.
 * An event becomes, in the transaction that caused it, one `webhook_deliveries` row per enabled
 * endpoint subscribed to it and one `webhook-deliver` job each (webhooks.jobs.ts sends them, signed
 * per Standard Webhooks, retrying for about a day).
 *
 * An endpoint belongs to the company whose events it receives: the live company, or its sandbox
 * for a test endpoint (mode `test`). `WebhookScope` says which of them a caller sees: the panel
 * both, a key the one it acts on.
 */
import { randomBytes, randomUUID } from "node:crypto";
import {
  type ApiKeyMode,
  type CreateWebhookEndpoint,
  type UpdateWebhookEndpoint,
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookDelivery,
  type WebhookEndpointInfo,
  type WebhookEvent,
} from "@shared/integrations.schema";
import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reusableQuery } from "../../db/prepared";
import { AppError } from "../../errors";
import { enqueueJob, enqueueJobs } from "../jobs/jobs.service";
import { webhookDeliveries, webhookEndpoints } from "./integrations.table";
import { findEventExtras } from "./webhooks.queries";

export const WEBHOOK_DELIVER_JOB = "webhook-deliver";
/** The event 'Enviar evento de teste' sends (to one endpoint, subscribed or not). */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export const WEBHOOK_DELIVERY_LOG_LIMIT = 50;

/** A delivery job's data: which attempt it is (0 the first), so a job run twice sends once. */
export type WebhookJobData = { deliveryId: string; attempt: number; manual?: boolean };

/** The companies whose endpoints a caller sees, and which of them is the sandbox (`test`). */
export type WebhookScope = { companyIds: string[]; testCompanyId: string | null };

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64")}`;
/** A Standard Webhooks message id (the `webhook-id` header). */
const newEventId = () => `msg_${randomUUID().replaceAll("-", "")}`;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const modeOf = (scope: WebhookScope, companyId: string): ApiKeyMode =>
  companyId === scope.testCompanyId ? "test" : "live";

export function toWebhookEndpoint(row: EndpointRow, mode: ApiKeyMode): WebhookEndpointInfo {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    mode,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    secret: row.secret,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status as WebhookDelivery["status"],
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    durationMs: row.durationMs,
    responseExcerpt: row.responseExcerpt,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: iso(row.lastAttemptAt),
    nextAttemptAt: iso(row.nextAttemptAt),
  };
}

export async function listWebhookEndpoints(
  db: Db,
  scope: WebhookScope,
): Promise<WebhookEndpointInfo[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(inArray(webhookEndpoints.companyId, scope.companyIds))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map((row) => toWebhookEndpoint(row, modeOf(scope, row.companyId)));
}

/**
 * 'Adicionar endpoint' for `companyId` (the live company or its sandbox), the URL already checked
 * (ssrf.ts). At most WEBHOOK_ENDPOINTS_MAX per company (409 `webhook_endpoints_limited`).
 */
export async function createWebhookEndpoint(
  tx: Db,
  companyId: string,
  mode: ApiKeyMode,
  input: Omit<CreateWebhookEndpoint, "mode">,
): Promise<WebhookEndpointInfo> {
  // Two creations at once count each other.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhooks:${companyId}`}))`);
  const [held] = await tx
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId));
  if ((held?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) {
    throw new AppError(
      "webhook_endpoints_limited",
      409,
      `At most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
    );
  }
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({
      id: randomUUID(),
      companyId,
      url: input.url,
      description: input.description || null,
      events: [...new Set(input.events)],
      secret: newWebhookSecret(),
    })
    .returning();
  if (!row) throw new Error("Webhook endpoint not inserted");
  return toWebhookEndpoint(row, mode);
}

async function findOwnEndpoint(db: Db, scope: WebhookScope, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), inArray(webhookEndpoints.companyId, scope.companyIds)))
    .limit(1);
  if (!row) throw new AppError("not_found", 404, "Webhook endpoint not found");
  return row;
}

/** Its events, description, on or off; turning it on again clears why it was off. */
export async function updateWebhookEndpoint(
  db: Db,
  scope: WebhookScope,
  id: string,
  input: UpdateWebhookEndpoint,
): Promise<WebhookEndpointInfo> {
  const row = await findOwnEndpoint(db, scope, id);
  const [updated] = await db
    .update(webhookEndpoints)
    .set({
      ...(input.events ? { events: [...new Set(input.events)] } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.enabled !== undefined
        ? { enabled: input.enabled, disabledReason: input.enabled ? null : row.disabledReason }
        : {}),
    })
    .where(eq(webhookEndpoints.id, row.id))
    .returning();
  return toWebhookEndpoint(updated ?? row, modeOf(scope, row.companyId));
}

/** Removes the endpoint and its delivery log (pending deliveries are dropped with it). */
export async function deleteWebhookEndpoint(db: Db, scope: WebhookScope, id: string) {
  const row = await findOwnEndpoint(db, scope, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
}

/**
 * 'Gerar novo segredo': the next deliveries (retries included) are signed with a new secret only;
 * the old one stops verifying at once.
 */
export async function rotateWebhookSecret(
  db: Db,
  scope: WebhookScope,
  id: string,
): Promise<WebhookEndpointInfo> {
  const row = await findOwnEndpoint(db, scope, id);
  const [updated] = await db
    .update(webhookEndpoints)
    .set({ secret: newWebhookSecret() })
    .where(eq(webhookEndpoints.id, row.id))
    .returning();
  return toWebhookEndpoint(updated ?? row, modeOf(scope, row.companyId));
}

/** The endpoint's delivery log: its latest WEBHOOK_DELIVERY_LOG_LIMIT deliveries, newest first. */
export async function listWebhookDeliveries(
  db: Db,
  scope: WebhookScope,
  endpointId: string,
): Promise<WebhookDelivery[]> {
  const endpoint = await findOwnEndpoint(db, scope, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpoint.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(WEBHOOK_DELIVERY_LOG_LIMIT);
  return rows.map(toWebhookDelivery);
}

/** A delivery row for one endpoint and its first job, in `tx`. */
async function queueDelivery(
  tx: Db,
  endpoint: Pick<EndpointRow, "id" | "companyId">,
  event: { eventId: string; type: string; payload: object },
  manual: boolean,
): Promise<DeliveryRow> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({
      id: randomUUID(),
      endpointId: endpoint.id,
      companyId: endpoint.companyId,
      eventId: event.eventId,
      eventType: event.type,
      payload: event.payload,
    })
    .returning();
  if (!row) throw new Error("Webhook delivery not inserted");
  const data: WebhookJobData = { deliveryId: row.id, attempt: 0, ...(manual ? { manual } : {}) };
  await enqueueJob(tx, WEBHOOK_DELIVER_JOB, data);
  return row;
}

/**
 * 'Reenviar': the same event (same `webhook-id`, same body) sent again to its endpoint, as a new
 * line of the log with its own attempts (even when the endpoint is off: the owner asked).
 */
export async function resendWebhookDelivery(
  db: Db,
  scope: WebhookScope,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const [found] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        inArray(webhookDeliveries.companyId, scope.companyIds),
      ),
    )
    .limit(1);
  if (!found) throw new AppError("not_found", 404, "Webhook delivery not found");
  return db.transaction(async (tx) => {
    const row = await queueDelivery(
      tx,
      { id: found.endpointId, companyId: found.companyId },
      { eventId: found.eventId, type: found.eventType, payload: found.payload as object },
      true,
    );
    return toWebhookDelivery(row);
  });
}

/** The body every delivery carries: `{ type, timestamp, data }`. */
const eventPayload = (type: string, data: object) => ({
  type,
  timestamp: new Date().toISOString(),
  data,
});

/** 'Enviar evento de teste': a `webhook.test` event with a harmless payload, to this endpoint. */
export async function sendWebhookTest(
  db: Db,
  scope: WebhookScope,
  endpointId: string,
): Promise<WebhookDelivery> {
  const endpoint = await findOwnEndpoint(db, scope, endpointId);
  const payload = eventPayload(WEBHOOK_TEST_EVENT, {
    endpointId: endpoint.id,
    message: "Evento de teste do Carimbou",
  });
  return db.transaction(async (tx) => {
    const row = await queueDelivery(
      tx,
      endpoint,
      { eventId: newEventId(), type: WEBHOOK_TEST_EVENT, payload },
      true,
    );
    return toWebhookDelivery(row);
  });
}

/**
 * The company's enabled endpoints that want `type`: a named prepared statement (it runs with every
 * stamp, where a company has no endpoint at all most of the time; db/prepared.ts).
 */
const subscribedEndpoints = reusableQuery("webhook_endpoints_subscribed", (db) =>
  db
    .select({ id: webhookEndpoints.id, companyId: webhookEndpoints.companyId })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.companyId, sql.placeholder("companyId")),
        eq(webhookEndpoints.enabled, true),
        sql`${sql.placeholder("type")} = any(${webhookEndpoints.events})`,
      ),
    ),
);

/**
 * An event of `companyId` (the live company or a sandbox) for its webhooks, inside the caller's
 * transaction: one delivery and one job per enabled endpoint subscribed to `type`, sent after the
 * transaction commits (nothing is sent for a change rolled back). Cheap when the company has no
 * endpoint: one read on `webhook_endpoints_company_idx`, nothing else. `data` carries ids and
 * counts; an event about a card gets the card's `stamps` and `maxStamps` after the change, one
 * made through the public API the key's name (`via`), and `member.joined` the member's name and
 * e-mail (what the company's panel shows of them).
 */
export async function emitWebhookEvent(
  tx: Db,
  companyId: string,
  type: WebhookEvent,
  data: Record<string, unknown>,
): Promise<void> {
  const endpoints = await subscribedEndpoints(tx, { companyId, type });
  if (endpoints.length === 0) return;
  const { apiKeyId, ...rest } = data;
  const extras = await findEventExtras(tx, {
    cardId: typeof rest.cardId === "string" && !("stamps" in rest) ? rest.cardId : null,
    apiKeyId: typeof apiKeyId === "string" ? apiKeyId : null,
    // The company sees a new member's name and e-mail in its panel: the event carries them.
    profileOf: type === "member.joined" && typeof rest.memberId === "string" ? rest.memberId : null,
  });
  const payload = eventPayload(type, { ...rest, ...extras });
  const eventId = newEventId();
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      endpoints.map((endpoint) => ({
        id: randomUUID(),
        endpointId: endpoint.id,
        companyId: endpoint.companyId,
        eventId,
        eventType: type,
        payload,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  await enqueueJobs(
    tx,
    WEBHOOK_DELIVER_JOB,
    rows.map((row): WebhookJobData => ({ deliveryId: row.id, attempt: 0 })),
  );
}
