/**
 * Sending on WhatsApp with the 24-hour customer-service window: inside it (the contact wrote in
 * the last 24 hours) a free-form text goes out; outside it only the company's approved template
 * may, and without one nothing is sent (`template_required`). Meta's 131047 (the window closed
 * meanwhile) is handled the same way. Every attempt leaves one outbound row with its status.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { decryptSecret } from "./channel-secrets";
import {
  DEFAULT_GRAPH_API_BASE_URL,
  GRAPH_OUTSIDE_WINDOW,
  type GraphResult,
  type GraphSender,
  sendGraphTemplate,
  sendGraphText,
} from "./graph-api";
import { secretContext, type WhatsAppDeps } from "./whatsapp.service";
import { whatsappChannels, whatsappContacts, whatsappMessages } from "./whatsapp.table";

/** The customer-service window Meta allows free-form messages in. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;
/** WhatsApp's longest text body. */
const TEXT_MAX = 4096;

/**
 * - `sent`: the text went out (inside the window);
 * - `template_sent`: outside the window, the approved template went out instead;
 * - `template_required`: outside the window and no template set: nothing sent, a person follows up;
 * - `failed`: Meta refused it (`errorCode`) or did not answer (null);
 * - `unavailable`: the company has no channel (or this contact is not its): nothing recorded.
 */
export type WhatsAppSendStatus =
  | "sent"
  | "template_sent"
  | "template_required"
  | "failed"
  | "unavailable";

export type WhatsAppSendResult = {
  status: WhatsAppSendStatus;
  /** Our outbound row (null when `unavailable`). */
  rowId: string | null;
  errorCode: number | null;
};

const unavailable: WhatsAppSendResult = { status: "unavailable", rowId: null, errorCode: null };

/**
 * Sends `text` to a contact of `companyId` on the company's WhatsApp number, within the rules of
 * the 24-hour window, and records the outbound row (status, Meta's id, error code). Used by the
 * reply job and by campaigns.
 */
export async function sendWhatsAppText(
  db: Db,
  deps: WhatsAppDeps & { now?: Date },
  companyId: string,
  contactId: string,
  text: string,
): Promise<WhatsAppSendResult> {
  const key = deps.channelSecretKey;
  if (!key) return unavailable;
  const [channel] = await db
    .select()
    .from(whatsappChannels)
    .where(eq(whatsappChannels.companyId, companyId))
    .limit(1);
  const [contact] = await db
    .select({ phone: whatsappContacts.phone, lastInboundAt: whatsappContacts.lastInboundAt })
    .from(whatsappContacts)
    .where(and(eq(whatsappContacts.id, contactId), eq(whatsappContacts.companyId, companyId)))
    .limit(1);
  if (!channel || !contact) return unavailable;
  const accessToken = decryptSecret(
    key,
    channel.accessTokenEnc,
    secretContext(companyId, "access_token"),
  );
  if (accessToken === null) {
    console.error(
      `WhatsApp channel of company ${companyId}: its token does not open with this key`,
    );
    return unavailable;
  }
  const sender: GraphSender = {
    baseUrl: deps.graphApiBaseUrl ?? DEFAULT_GRAPH_API_BASE_URL,
    phoneNumberId: channel.phoneNumberId,
    accessToken,
  };
  const body = text.slice(0, TEXT_MAX);
  const now = deps.now ?? new Date();
  const record = async (
    status: Exclude<WhatsAppSendStatus, "unavailable">,
    result: GraphResult | null,
    errorCode: number | null,
  ): Promise<WhatsAppSendResult> => {
    const rowId = randomUUID();
    await db.insert(whatsappMessages).values({
      id: rowId,
      companyId,
      contactId,
      direction: "out",
      body,
      waMessageId: result?.ok ? result.messageId : null,
      status,
      errorCode,
    });
    return { status, rowId, errorCode };
  };

  const insideWindow =
    contact.lastInboundAt !== null &&
    now.getTime() - contact.lastInboundAt.getTime() < WHATSAPP_WINDOW_MS;
  let windowCode: number | null = null;
  if (insideWindow) {
    const sent = await sendGraphText(sender, contact.phone, body);
    if (sent.ok) return record("sent", sent, null);
    if (sent.code !== GRAPH_OUTSIDE_WINDOW) return record("failed", sent, sent.code);
    windowCode = GRAPH_OUTSIDE_WINDOW;
  }
  if (!channel.templateName || !channel.templateLanguage) {
    return record("template_required", null, windowCode);
  }
  const sent = await sendGraphTemplate(sender, contact.phone, {
    name: channel.templateName,
    language: channel.templateLanguage,
  });
  return sent.ok ? record("template_sent", sent, windowCode) : record("failed", sent, sent.code);
}
