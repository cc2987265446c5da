/**
 * Webhook deliveries (issue 33): the `webhook-deliver` job POSTs one delivery's event to its
 * endpoint, signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature`),
 * with a 10 s timeout. A 2xx answer succeeds; anything else (another status, a redirect, a timeout,
 * a refused address) is written to the log and tried again later (WEBHOOK_RETRY_DELAYS_SECONDS,
 * about a day in all, each retry a job enqueued with `startAfter`). After the last one the delivery
 * fails, the endpoint is turned off (`disabled_reason = 'failing'`) and its owner e-mailed.
 *
 * A job names its attempt: the claim (attempts = attempt → attempt + 1) lets one run send it, so a
 * job run twice sends once. A process that dies between the claim and the answer leaves the
 * delivery pending with no next attempt: 'Reenviar' sends it again.
 */
import http from "node:http";
import https from "node:https";
import { and, eq, sql } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import type { Db } from "../../db/client";
import { webhookDisabledContent } from "../../email/webhook-disabled-email";
import { enqueueJob, type JobDefinition } from "../jobs/jobs.service";
import { queueEmail } from "../mail/outbox";
import { webhookDeliveries, webhookEndpoints } from "./integrations.table";
import { type CheckedUrl, checkWebhookUrl, pinnedLookup, type WebhookNetworkOptions } from "./ssrf";
import { findWebhookOwner } from "./webhooks.queries";
import { WEBHOOK_DELIVER_JOB, type WebhookJobData } from "./webhooks.service";

/** Waits before each retry: 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h (≈ 23.7 h). */
export const WEBHOOK_RETRY_DELAYS_SECONDS: readonly number[] = [
  30, 120, 600, 1800, 3600, 7200, 14_400, 28_800, 28_800,
];
export const WEBHOOK_TIMEOUT_MS = 10_000;
const EXCERPT_MAX = 500;
const READ_MAX_BYTES = 4096;
export const USER_AGENT = "Carimbou-Webhooks/1";

/** How deliveries reach the network: the SSRF guard's options, and the tests' shorter waits. */
export type WebhookDeliveryOptions = WebhookNetworkOptions & {
  timeoutMs?: number;
  retryDelaysSeconds?: readonly number[];
};

export type WebhookJobDeps = { db: Db; appUrl: string; webhooks?: WebhookDeliveryOptions };

type Outcome = { ok: boolean; status: number | null; durationMs: number; excerpt: string | null };

class Timeout extends Error {}

/** POSTs `body` to the checked address (no DNS lookup of its own, no redirect followed). */
function post(
  checked: CheckedUrl,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const { url } = checked;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      {
        method: "POST",
        headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(checked.addresses),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          settle(() =>
            resolve({
              status: response.statusCode ?? 0,
              text: Buffer.concat(chunks).toString("utf8"),
            }),
          );
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= READ_MAX_BYTES) {
            done();
            response.destroy();
          }
        });
        response.on("end", done);
        response.on("error", (error) => settle(() => reject(error)));
      },
    );
    const timer = setTimeout(() => {
      settle(() => reject(new Timeout("timeout")));
      request.destroy();
    }, timeoutMs);
    request.on("error", (error) => settle(() => reject(error)));
    request.end(body);
  });
}

/** One attempt: the guard again (the address may have changed), then the signed POST. */
async function attempt(
  endpoint: { url: string; secret: string },
  delivery: { eventId: string; payload: unknown },
  options: WebhookDeliveryOptions,
): Promise<Outcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let checked: CheckedUrl;
  try {
    checked = await checkWebhookUrl(endpoint.url, options);
  } catch {
    return { ok: false, status: null, durationMs: elapsed(), excerpt: "endereço bloqueado" };
  }
  const body = JSON.stringify(delivery.payload);
  const timestamp = new Date();
  const headers = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "webhook-id": delivery.eventId,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
    "webhook-signature": new Webhook(endpoint.secret).sign(delivery.eventId, timestamp, body),
  };
  try {
    const answer = await post(checked, body, headers, options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      durationMs: elapsed(),
      excerpt: answer.text.slice(0, EXCERPT_MAX) || null,
    };
  } catch (error) {
    const reason =
      error instanceof Timeout
        ? "timeout"
        : `erro de conexão: ${(error as { code?: string }).code ?? (error as Error).message}`;
    return {
      ok: false,
      status: null,
      durationMs: elapsed(),
      excerpt: reason.slice(0, EXCERPT_MAX),
    };
  }
}

const parseJob = (data: unknown): WebhookJobData | null => {
  const { deliveryId, attempt: n, manual } = (data ?? {}) as Partial<WebhookJobData>;
  if (typeof deliveryId !== "string" || typeof n !== "number" || !Number.isInteger(n)) return null;
  return { deliveryId, attempt: n, manual: manual === true };
};

/** The `webhook-deliver` job's work: one attempt of one delivery, and what follows from it. */
export async function deliverWebhook(deps: WebhookJobDeps, data: unknown) {
  const { db } = deps;
  const options = deps.webhooks ?? {};
  const delays = options.retryDelaysSeconds ?? WEBHOOK_RETRY_DELAYS_SECONDS;
  const job = parseJob(data);
  if (!job) return { sent: false, reason: "bad_job" };
  const [found] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, job.deliveryId))
    .limit(1);
  if (!found) return { sent: false, reason: "gone" };
  const { delivery, endpoint } = found;
  const pendingAt = and(
    eq(webhookDeliveries.id, delivery.id),
    eq(webhookDeliveries.status, "pending"),
    eq(webhookDeliveries.attempts, job.attempt),
  );
  if (!endpoint.enabled && !job.manual) {
    await db
      .update(webhookDeliveries)
      .set({ status: "failed", responseExcerpt: "endpoint desativado", nextAttemptAt: null })
      .where(pendingAt);
    return { sent: false, reason: "endpoint_disabled" };
  }
  // The claim: only one run of this attempt goes on.
  const claimed = await db
    .update(webhookDeliveries)
    .set({ attempts: job.attempt + 1, lastAttemptAt: sql`now()`, nextAttemptAt: null })
    .where(pendingAt)
    .returning({ id: webhookDeliveries.id });
  if (claimed.length === 0) return { sent: false, reason: "done" };

  const outcome = await attempt(endpoint, delivery, options);
  const answer = {
    responseStatus: outcome.status,
    durationMs: outcome.durationMs,
    responseExcerpt: outcome.excerpt,
  };
  const thisDelivery = eq(webhookDeliveries.id, delivery.id);
  if (outcome.ok) {
    await db
      .update(webhookDeliveries)
      .set({ ...answer, status: "succeeded" })
      .where(thisDelivery);
    return { sent: true, status: outcome.status };
  }
  const delay = delays[job.attempt];
  if (delay !== undefined) {
    await db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({ ...answer, nextAttemptAt: sql`now() + make_interval(secs => ${delay})` })
        .where(thisDelivery);
      const next: WebhookJobData = {
        deliveryId: delivery.id,
        attempt: job.attempt + 1,
        ...(job.manual ? { manual: true } : {}),
      };
      await enqueueJob(tx, WEBHOOK_DELIVER_JOB, next, { startAfter: delay });
    });
    return { sent: false, status: outcome.status, retryInSeconds: delay };
  }
  // The last attempt failed: the endpoint is turned off (once) and its owner told.
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({ ...answer, status: "failed" })
      .where(thisDelivery);
    const turnedOff = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: "failing" })
      .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    if (turnedOff.length === 0) return;
    const owner = await findWebhookOwner(tx, endpoint.companyId);
    if (!owner) return;
    await queueEmail(tx, {
      to: owner.email,
      ...webhookDisabledContent({
        language: owner.language,
        companyName: owner.companyName,
        endpointUrl: endpoint.url,
        test: owner.test,
        lastError: outcome.status ? `HTTP ${outcome.status}` : outcome.excerpt,
        url: `${deps.appUrl}/integracoes`,
      }),
    });
  });
  return { sent: false, status: outcome.status, failed: true };
}

export const WEBHOOK_JOBS: readonly JobDefinition<WebhookJobDeps>[] = [
  {
    name: WEBHOOK_DELIVER_JOB,
    handler: (deps, _now, data) => deliverWebhook(deps, data),
    // A run fails only when the database does (an endpoint's failures are retried by the job).
    retryLimit: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 60,
    pollingIntervalSeconds: 1,
    concurrency: 4,
  },
];
