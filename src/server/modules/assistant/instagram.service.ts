/**
 * The Instagram channel (issue 20, point 5), the WhatsApp channel's shape for Instagram Direct: a
 * company's credentials, kept encrypted (channel-secrets.ts), and Meta's webhook (the `GET`
 * handshake and the signed `POST`s, meta-webhook.ts). An inbound text is kept once (Meta's `mid`),
 * its contact upserted by the Instagram-scoped id, and an `instagram-reply` job queued in the same
 * transaction (instagram-reply.job.ts answers it). Echoes of the company's own messages, reads,
 * reactions and attachments without text are ignored.
 */
import { randomUUID } from "node:crypto";
import type { InstagramChannel, SaveInstagramChannel } from "@shared/assistant.schema";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { enqueueJob } from "../jobs/jobs.service";
import { type ChannelSecretField, decryptSecret, sealChannelSecrets } from "./channel-secrets";
import { instagramChannels, instagramContacts, instagramMessages } from "./instagram.table";
import {
  boundedSentAt,
  checkHandshake,
  cleanText,
  isUniqueViolation,
  readSignedBody,
} from "./meta-webhook";
import type { WhatsAppDeps } from "./whatsapp.service";

/** The job that answers an inbound Instagram text (assistant.jobs.ts). */
export const INSTAGRAM_REPLY_JOB = "instagram-reply";

/** The same needs as WhatsApp's: the key of the secrets and where Meta's API is. */
export type InstagramDeps = WhatsAppDeps;

type SecretField = ChannelSecretField;

/** Where a secret belongs: a ciphertext opens only in its own company's row and field. */
export const instagramSecretContext = (companyId: string, field: SecretField) =>
  `instagram:${companyId}:${field}`;

export const instagramWebhookUrl = (appUrl: string, companyId: string) =>
  `${appUrl}/api/instagram/webhook/${encodeURIComponent(companyId)}`;

export const instagramChannelRow = (db: Pick<Db, "select">, companyId: string) =>
  db
    .select()
    .from(instagramChannels)
    .where(eq(instagramChannels.companyId, companyId))
    .limit(1)
    .then((rows) => rows[0] ?? null);

/** The channel as the company's page shows it: never a secret, only which are set. */
export async function getInstagramChannel(
  db: Db,
  appUrl: string,
  actor: CompanyActor,
): Promise<InstagramChannel> {
  const row = await instagramChannelRow(db, actor.companyId);
  return {
    configured: row !== null,
    accountId: row?.accountId ?? "",
    accessTokenSet: Boolean(row?.accessTokenEnc),
    appSecretSet: Boolean(row?.appSecretEnc),
    verifyTokenSet: Boolean(row?.verifyTokenEnc),
    webhookUrl: instagramWebhookUrl(appUrl, actor.companyId),
  };
}

/**
 * Saves the credentials; a secret left empty keeps the one saved (all three are required the
 * first time). An account id already used by another company is refused.
 */
export async function saveInstagramChannel(
  db: Db,
  deps: InstagramDeps & { appUrl: string },
  actor: CompanyActor,
  input: SaveInstagramChannel,
): Promise<InstagramChannel> {
  const key = deps.channelSecretKey;
  if (!key) throw new Error("The Instagram channel needs the channel secret key");
  const { companyId } = actor;
  const existing = await instagramChannelRow(db, companyId);
  const { sealed, missing } = sealChannelSecrets(key, input, existing, (field) =>
    instagramSecretContext(companyId, field),
  );
  if (missing.length > 0) {
    throw new AppError(
      "validation_failed",
      400,
      "Missing Instagram credentials",
      Object.fromEntries(missing.map((name) => [name, "instagram_secret_required"])),
    );
  }
  const values = { accountId: input.accountId, ...sealed, updatedAt: new Date() };
  try {
    await db
      .insert(instagramChannels)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: instagramChannels.companyId, set: values });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError("validation_failed", 400, "Account id used by another company", {
      accountId: "instagram_account_id_taken",
    });
  }
  return getInstagramChannel(db, deps.appUrl, actor);
}

/** Removes the channel (its contacts and messages stay in the history). */
export async function removeInstagramChannel(
  db: Db,
  appUrl: string,
  actor: CompanyActor,
): Promise<InstagramChannel> {
  await db.delete(instagramChannels).where(eq(instagramChannels.companyId, actor.companyId));
  return getInstagramChannel(db, appUrl, actor);
}

/** The channel of a webhook's company with its secrets opened, or 404 (unknown or not set up). */
async function webhookChannel(db: Db, deps: InstagramDeps, companyId: string) {
  const key = deps.channelSecretKey;
  const row = key ? await instagramChannelRow(db, companyId) : null;
  if (!key || !row) throw new AppError("not_found", 404, "No such webhook");
  const open = (stored: string, field: SecretField) =>
    decryptSecret(key, stored, instagramSecretContext(companyId, field));
  const appSecret = open(row.appSecretEnc, "app_secret");
  const verifyToken = open(row.verifyTokenEnc, "verify_token");
  if (appSecret === null || verifyToken === null) {
    console.error(`Instagram channel of company ${companyId}: its secrets do not open`);
    throw new AppError("not_found", 404, "No such webhook");
  }
  return { accountId: row.accountId, appSecret, verifyToken };
}

/** Meta's handshake for the company's Instagram webhook → the challenge, else 403 (404 unknown). */
export async function verifyInstagramHandshake(
  db: Db,
  deps: InstagramDeps,
  companyId: string,
  query: { mode?: string; token?: string; challenge?: string },
): Promise<string> {
  const channel = await webhookChannel(db, deps, companyId);
  return checkHandshake(query, channel.verifyToken);
}

const MetaIdSchema = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/);

/** One `messaging[]` item that is a text from someone (not the company's own echo). */
const InboundTextSchema = z.object({
  sender: z.object({ id: MetaIdSchema }),
  recipient: z.object({ id: z.string().max(100) }).optional(),
  timestamp: z.number().int().nonnegative().optional(),
  message: z.object({
    mid: z.string().min(1).max(512),
    text: z.string().max(65_536),
    is_echo: z.literal(false).optional(),
  }),
});

const WebhookSchema = z.object({
  entry: z
    .array(
      z.object({
        id: z.string().max(100).optional(),
        messaging: z.array(z.unknown()).max(1000).optional(),
      }),
    )
    .max(1000),
});

type InboundText = { mid: string; igsid: string; body: string; at: Date };

/** The texts of a webhook body meant for `accountId`; anything else in it is ignored. */
export function instagramInboundTexts(
  payload: unknown,
  accountId: string,
  now: Date,
): InboundText[] {
  const parsed = WebhookSchema.safeParse(payload);
  if (!parsed.success) return [];
  const texts: InboundText[] = [];
  for (const entry of parsed.data.entry) {
    if (entry.id !== undefined && entry.id !== accountId) continue;
    for (const raw of entry.messaging ?? []) {
      const item = InboundTextSchema.safeParse(raw);
      if (!item.success) continue;
      const { sender, recipient, timestamp, message } = item.data;
      if (sender.id === accountId || (recipient && recipient.id !== accountId)) continue;
      const body = cleanText(message.text, 4096);
      if (body === "") continue;
      const at = boundedSentAt(timestamp === undefined ? null : new Date(timestamp), now);
      texts.push({ mid: message.mid, igsid: sender.id, body, at });
    }
  }
  return texts;
}

/**
 * A signed webhook `POST`: 401 without a valid `X-Hub-Signature-256`, 400 when the body is not
 * JSON; otherwise each inbound text is kept once (a redelivery changes nothing) and gets its
 * reply job.
 */
export async function receiveInstagramWebhook(
  db: Db,
  deps: InstagramDeps,
  companyId: string,
  signature: string | undefined,
  rawBody: Uint8Array,
  now = new Date(),
): Promise<{ received: number }> {
  const channel = await webhookChannel(db, deps, companyId);
  const payload = readSignedBody(signature, rawBody, channel.appSecret);
  let received = 0;
  for (const text of instagramInboundTexts(payload, channel.accountId, now)) {
    if (await keepInbound(db, companyId, text)) received++;
  }
  return { received };
}

/** Keeps one inbound text and queues its reply, in one transaction; false when already kept. */
async function keepInbound(db: Db, companyId: string, text: InboundText): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [contact] = await tx
      .insert(instagramContacts)
      .values({ id: randomUUID(), companyId, igsid: text.igsid, lastInboundAt: text.at })
      .onConflictDoUpdate({
        target: [instagramContacts.companyId, instagramContacts.igsid],
        set: {
          lastInboundAt: sql`greatest(${instagramContacts.lastInboundAt}, excluded.last_inbound_at)`,
        },
      })
      .returning({ id: instagramContacts.id });
    const [message] = await tx
      .insert(instagramMessages)
      .values({
        id: randomUUID(),
        companyId,
        contactId: contact!.id,
        direction: "in",
        body: text.body,
        mid: text.mid,
        status: "received",
      })
      .onConflictDoNothing()
      .returning({ id: instagramMessages.id });
    if (!message) return false;
    await enqueueJob(tx, INSTAGRAM_REPLY_JOB, { companyId, messageId: message.id });
    return true;
  });
}
