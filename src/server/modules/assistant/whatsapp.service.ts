/**
 * The WhatsApp channel (issue 20, point 5): a company's WhatsApp Business Cloud API credentials,
 * kept encrypted (channel-secrets.ts), and Meta's webhook: the `GET` handshake and the signed
 * `POST`s. An inbound text is kept once (Meta's `wamid`), its contact upserted by phone, and a
 * `whatsapp-reply` job queued in the same transaction (whatsapp-reply.job.ts answers it).
 */
import { randomUUID } from "node:crypto";
import type { SaveWhatsAppChannel, WhatsAppChannel } from "@shared/assistant.schema";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { enqueueJob } from "../jobs/jobs.service";
import { type ChannelSecretField, decryptSecret, sealChannelSecrets } from "./channel-secrets";
import {
  boundedSentAt,
  checkHandshake,
  cleanText as clean,
  isUniqueViolation,
  readSignedBody,
} from "./meta-webhook";
import { whatsappChannels, whatsappContacts, whatsappMessages } from "./whatsapp.table";

/** The job that answers an inbound WhatsApp text (assistant.jobs.ts). */
export const WHATSAPP_REPLY_JOB = "whatsapp-reply";

/** What the channel needs from the app: the key of the secrets and where Meta's API is. */
export type WhatsAppDeps = {
  /** CHANNEL_SECRET_KEY (or DATA_DIR's); without it no channel can be saved or read. */
  channelSecretKey?: Buffer;
  /** GRAPH_API_BASE_URL (default Meta's). */
  graphApiBaseUrl?: string;
};

type SecretField = ChannelSecretField;
/** Where a secret belongs: a ciphertext opens only in its own company's row and field. */
export const secretContext = (companyId: string, field: SecretField) =>
  `whatsapp:${companyId}:${field}`;

export const webhookUrl = (appUrl: string, companyId: string) =>
  `${appUrl}/api/whatsapp/webhook/${encodeURIComponent(companyId)}`;

function requireKey(deps: WhatsAppDeps): Buffer {
  if (!deps.channelSecretKey) {
    throw new Error("The WhatsApp channel needs the channel secret key (CHANNEL_SECRET_KEY)");
  }
  return deps.channelSecretKey;
}

const channelRow = (db: Pick<Db, "select">, companyId: string) =>
  db
    .select()
    .from(whatsappChannels)
    .where(eq(whatsappChannels.companyId, companyId))
    .limit(1)
    .then((rows) => rows[0] ?? null);

/** The channel as the company's page shows it: never a secret, only which are set. */
export async function getWhatsAppChannel(
  db: Db,
  appUrl: string,
  actor: CompanyActor,
): Promise<WhatsAppChannel> {
  const row = await channelRow(db, actor.companyId);
  return {
    configured: row !== null,
    phoneNumberId: row?.phoneNumberId ?? "",
    accessTokenSet: Boolean(row?.accessTokenEnc),
    appSecretSet: Boolean(row?.appSecretEnc),
    verifyTokenSet: Boolean(row?.verifyTokenEnc),
    templateName: row?.templateName ?? "",
    templateLanguage: row?.templateLanguage ?? "",
    webhookUrl: webhookUrl(appUrl, actor.companyId),
  };
}

/**
 * Saves the credentials; a secret left empty keeps the one saved (all three are required the
 * first time). A phone number id already used by another company is refused.
 */
export async function saveWhatsAppChannel(
  db: Db,
  deps: WhatsAppDeps & { appUrl: string },
  actor: CompanyActor,
  input: SaveWhatsAppChannel,
): Promise<WhatsAppChannel> {
  const key = requireKey(deps);
  const { companyId } = actor;
  const existing = await channelRow(db, companyId);
  const { sealed, missing } = sealChannelSecrets(key, input, existing, (field) =>
    secretContext(companyId, field),
  );
  if (missing.length > 0) {
    throw new AppError(
      "validation_failed",
      400,
      "Missing WhatsApp credentials",
      Object.fromEntries(missing.map((name) => [name, "whatsapp_secret_required"])),
    );
  }
  const values = {
    phoneNumberId: input.phoneNumberId,
    ...sealed,
    templateName: input.templateName || null,
    templateLanguage: input.templateName ? input.templateLanguage : null,
    updatedAt: new Date(),
  };
  try {
    await db
      .insert(whatsappChannels)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: whatsappChannels.companyId, set: values });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError("validation_failed", 400, "Phone number id used by another company", {
      phoneNumberId: "whatsapp_phone_number_id_taken",
    });
  }
  return getWhatsAppChannel(db, deps.appUrl, actor);
}

/** Removes the channel (its contacts and messages stay in the history). */
export async function removeWhatsAppChannel(
  db: Db,
  appUrl: string,
  actor: CompanyActor,
): Promise<WhatsAppChannel> {
  await db.delete(whatsappChannels).where(eq(whatsappChannels.companyId, actor.companyId));
  return getWhatsAppChannel(db, appUrl, actor);
}

const notFound = () => new AppError("not_found", 404, "No such webhook");

/** The channel of a webhook's company with its secrets opened, or 404 (unknown or not set up). */
async function webhookChannel(db: Db, deps: WhatsAppDeps, companyId: string) {
  const row = deps.channelSecretKey ? await channelRow(db, companyId) : null;
  if (!row) throw notFound();
  const key = deps.channelSecretKey as Buffer;
  const appSecret = decryptSecret(key, row.appSecretEnc, secretContext(companyId, "app_secret"));
  const verifyToken = decryptSecret(
    key,
    row.verifyTokenEnc,
    secretContext(companyId, "verify_token"),
  );
  if (appSecret === null || verifyToken === null) {
    console.error(
      `WhatsApp channel of company ${companyId}: its secrets do not open with this key`,
    );
    throw notFound();
  }
  return { phoneNumberId: row.phoneNumberId, appSecret, verifyToken };
}

/**
 * Meta's handshake: `hub.mode=subscribe` and the company's verify token (constant time) → the
 * challenge to echo; anything else 403.
 */
export async function verifyWebhookHandshake(
  db: Db,
  deps: WhatsAppDeps,
  companyId: string,
  query: { mode?: string; token?: string; challenge?: string },
): Promise<string> {
  const channel = await webhookChannel(db, deps, companyId);
  return checkHandshake(query, channel.verifyToken);
}

/** One inbound message; only texts are answered, any other type is ignored. */
const InboundTextSchema = z.object({
  id: z.string().min(1).max(256),
  from: z.string().regex(/^\d{6,20}$/),
  timestamp: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  type: z.literal("text"),
  text: z.object({ body: z.string().max(65_536) }),
});

const ChangeValueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string().max(100).optional() }).optional(),
  contacts: z
    .array(
      z.object({
        wa_id: z.string().max(30).optional(),
        profile: z.object({ name: z.string().max(1000).optional() }).optional(),
      }),
    )
    .max(1000)
    .optional(),
  messages: z.array(z.unknown()).max(1000).optional(),
});

const WebhookSchema = z.object({
  entry: z
    .array(
      z.object({
        changes: z.array(z.object({ field: z.string().optional(), value: z.unknown() })).max(1000),
      }),
    )
    .max(1000),
});

/** When Meta says it was sent (seconds; within the last week), else `now`. */
const sentAt = (timestamp: string | undefined, now: Date) =>
  boundedSentAt(timestamp ? new Date(Number(timestamp) * 1000) : null, now);

type InboundText = {
  waMessageId: string;
  from: string;
  name: string | null;
  body: string;
  at: Date;
};

/** The texts of a webhook body meant for `phoneNumberId`; anything else in it is ignored. */
export function inboundTexts(payload: unknown, phoneNumberId: string, now: Date): InboundText[] {
  const parsed = WebhookSchema.safeParse(payload);
  if (!parsed.success) return [];
  const texts: InboundText[] = [];
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== undefined && change.field !== "messages") continue;
      const value = ChangeValueSchema.safeParse(change.value);
      if (!value.success) continue;
      const target = value.data.metadata?.phone_number_id;
      if (target !== undefined && target !== phoneNumberId) continue;
      for (const raw of value.data.messages ?? []) {
        const message = InboundTextSchema.safeParse(raw);
        if (!message.success) continue;
        const body = clean(message.data.text.body, 4096);
        if (body === "") continue;
        const profile = value.data.contacts?.find((c) => c.wa_id === message.data.from)?.profile;
        const name = profile?.name ? clean(profile.name, 120) : "";
        texts.push({
          waMessageId: message.data.id,
          from: message.data.from,
          name: name === "" ? null : name,
          body,
          at: sentAt(message.data.timestamp, now),
        });
      }
    }
  }
  return texts;
}

/**
 * A signed webhook `POST`: 401 without a valid `X-Hub-Signature-256`, 400 when the body is not
 * JSON; otherwise each inbound text is kept once (a redelivery changes nothing) and gets its
 * reply job. Status updates and other kinds of messages are accepted and ignored.
 */
export async function receiveWhatsAppWebhook(
  db: Db,
  deps: WhatsAppDeps,
  companyId: string,
  signature: string | undefined,
  rawBody: Uint8Array,
  now = new Date(),
): Promise<{ received: number }> {
  const channel = await webhookChannel(db, deps, companyId);
  const payload = readSignedBody(signature, rawBody, channel.appSecret);
  let received = 0;
  for (const text of inboundTexts(payload, channel.phoneNumberId, now)) {
    if (await keepInbound(db, companyId, text)) received++;
  }
  return { received };
}

/** Keeps one inbound text and queues its reply, in one transaction; false when already kept. */
async function keepInbound(db: Db, companyId: string, text: InboundText): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [contact] = await tx
      .insert(whatsappContacts)
      .values({
        id: randomUUID(),
        companyId,
        phone: text.from,
        name: text.name,
        lastInboundAt: text.at,
      })
      .onConflictDoUpdate({
        target: [whatsappContacts.companyId, whatsappContacts.phone],
        set: {
          name: sql`coalesce(excluded.name, ${whatsappContacts.name})`,
          lastInboundAt: sql`greatest(${whatsappContacts.lastInboundAt}, excluded.last_inbound_at)`,
        },
      })
      .returning({ id: whatsappContacts.id });
    const [message] = await tx
      .insert(whatsappMessages)
      .values({
        id: randomUUID(),
        companyId,
        contactId: contact!.id,
        direction: "in",
        body: text.body,
        waMessageId: text.waMessageId,
        status: "received",
      })
      .onConflictDoNothing()
      .returning({ id: whatsappMessages.id });
    if (!message) return false;
    await enqueueJob(tx, WHATSAPP_REPLY_JOB, { companyId, messageId: message.id });
    return true;
  });
}
