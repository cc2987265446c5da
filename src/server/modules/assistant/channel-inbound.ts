/**
 * The inbound pipeline, once for every channel (decision 024): a webhook's company and its
 * secrets (404 unknown or not set up), the platform's handshake, the signed body (401, 400 not
 * JSON), the adapter's reading of it (texts meant for this account, cleaned and bounded), and each
 * text kept once (the platform's message id, unique per company) with its contact upserted and its
 * reply job queued in the same transaction (channel-reply.ts answers it), within the limits of
 * channel-limits.ts: at most WEBHOOK_TEXTS_MAX texts a body, one job for a contact's burst.
 */
import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { log } from "../../lib/log";
import { enqueueJob } from "../jobs/jobs.service";
import { assistantInPlan } from "./assistant-plan";
import type { ChannelAdapter, ChannelDeps, InboundText } from "./channel-adapter";
import { BURST_JOB_STALE_SECONDS, WEBHOOK_TEXTS_MAX } from "./channel-limits";
import { columnKey, openChannel } from "./channel-settings";

/** The channel of a webhook's company with its webhook secrets opened, or 404. */
async function webhookChannel<Row>(
  db: Db,
  adapter: ChannelAdapter<Row, unknown>,
  deps: ChannelDeps,
  companyId: string,
) {
  const channel = await openChannel(db, adapter, deps, companyId, [
    "app_secret",
    "verify_token",
  ] as const);
  if (!channel) throw new AppError("not_found", 404, "No such webhook");
  return channel;
}

/** The platform's handshake → the challenge to echo; anything else 403 (404 unknown). */
export async function verifyChannelHandshake<Row>(
  db: Db,
  adapter: ChannelAdapter<Row, unknown>,
  deps: ChannelDeps,
  companyId: string,
  query: { mode?: string; token?: string; challenge?: string },
): Promise<string> {
  const channel = await webhookChannel(db, adapter, deps, companyId);
  return adapter.webhook.handshake(query, channel.secrets.verify_token);
}

/**
 * A signed webhook `POST`: each inbound text is kept once (a redelivery changes nothing) and gets
 * its reply job; whatever else the body holds is accepted and ignored.
 */
export async function receiveChannelWebhook<Row>(
  db: Db,
  adapter: ChannelAdapter<Row, unknown>,
  deps: ChannelDeps,
  companyId: string,
  signature: string | undefined,
  rawBody: Uint8Array,
  now = new Date(),
): Promise<{ received: number }> {
  const channel = await webhookChannel(db, adapter, deps, companyId);
  const payload = adapter.webhook.readBody(signature, rawBody, channel.secrets.app_secret);
  const texts = adapter.parseWebhook(payload, channel.nodeId, now);
  if (texts.length > WEBHOOK_TEXTS_MAX) {
    log.warn(
      `${adapter.label} webhook of company ${companyId}: ${texts.length} texts, the first ${WEBHOOK_TEXTS_MAX} kept`,
    );
  }
  // One transaction for the whole body: the reply job a contact's first text queues is seen by the
  // workers only once every text of the body is kept, so it answers them together (on PostgreSQL a
  // worker could otherwise take it between two texts, and the next text would queue another).
  let received = 0;
  await db.transaction(async (tx) => {
    for (const text of texts.slice(0, WEBHOOK_TEXTS_MAX)) {
      if (await keepInbound(tx, adapter, companyId, text)) received++;
    }
  });
  return { received };
}

/** Keeps one inbound text and queues its reply (a savepoint of the body's transaction); false when already kept. */
async function keepInbound<Row>(
  db: Db,
  adapter: ChannelAdapter<Row, unknown>,
  companyId: string,
  text: InboundText,
): Promise<boolean> {
  const { contacts, address, contactName, messages, externalId } = adapter.tables;
  return db.transaction(async (tx) => {
    const nameKey = columnKey(contacts, contactName);
    const [contact] = await tx
      .insert(contacts)
      .values({
        id: randomUUID(),
        companyId,
        [columnKey(contacts, address)]: text.address,
        [nameKey]: text.name,
        lastInboundAt: text.at,
      })
      .onConflictDoUpdate({
        target: [contacts.companyId, address],
        set: {
          // A name given now replaces the one known; none keeps it.
          ...(text.name === null ? {} : { [nameKey]: text.name }),
          lastInboundAt: sql`greatest(${contacts.lastInboundAt}, excluded.last_inbound_at)`,
        },
      })
      .returning({ id: contacts.id });
    const [message] = await tx
      .insert(messages)
      .values({
        id: randomUUID(),
        companyId,
        contactId: contact!.id,
        direction: "in",
        body: text.body,
        [columnKey(messages, externalId)]: text.externalId,
        status: "received",
        // The time it was kept, not the transaction's start (now()): a body's texts are kept in one
        // transaction, and the burst is read in this order.
        createdAt: sql`clock_timestamp()`,
      })
      .onConflictDoNothing()
      .returning({ id: messages.id });
    if (!message) return false;
    // Outside IA Suprema's plan the message is kept for a person, never answered (decision 027).
    if (!(await assistantInPlan(tx, companyId))) {
      await tx.update(messages).set({ status: "pending" }).where(eq(messages.id, message.id));
      return true;
    }
    // A burst is answered once (channel-limits.ts): while an earlier text of this contact still
    // waits for its answer, that job answers this one too. Only a recent one counts: a text whose
    // job was lost (its retries spent) must not leave the contact unanswered for good.
    const [earlier] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.contactId, contact!.id),
          eq(messages.direction, "in"),
          eq(messages.status, "received"),
          ne(messages.id, message.id),
          sql`${messages.createdAt} > now() - make_interval(secs => ${BURST_JOB_STALE_SECONDS})`,
        ),
      )
      .limit(1);
    if (!earlier) await enqueueJob(tx, adapter.replyJob, { companyId, messageId: message.id });
    return true;
  });
}
