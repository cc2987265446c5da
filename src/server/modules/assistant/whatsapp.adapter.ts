/**
 * The WhatsApp channel (issue 20, point 5; decision 024): what WhatsApp Business Cloud API does
 * differently from the other channels. Its webhook body (`entry[].changes[].value.messages[]`,
 * texts only; Meta's `wamid` kept once, the contact keyed by phone with its profile name), its
 * Graph API calls (a text, or an approved template), and its 24-hour customer-service window:
 * inside it a text goes out; outside it only the company's approved template may, else nothing
 * (`template_required`); Meta's 131047 (the window closed meanwhile) is handled the same way.
 * The writer is matched to a member of the company by phone (whatsapp.queries.ts).
 */
import {
  type SaveWhatsAppChannel,
  SaveWhatsAppChannelSchema,
  WhatsAppChannelSchema,
  WhatsAppInboxSchema,
  WhatsAppReplyResultSchema,
} from "@shared/assistant-channels";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { ChannelAccount, ChannelAdapter, InboundText } from "./channel-adapter";
import { channelSender } from "./channel-send";
import { postGraphMessage } from "./graph-api";
import { boundedSentAt, cleanText, metaEntries, metaWebhook } from "./meta-webhook";
import { findMemberByPhone } from "./whatsapp.queries";
import { whatsappChannels, whatsappContacts, whatsappMessages } from "./whatsapp.table";

/** The job that answers an inbound WhatsApp text (assistant.jobs.ts). */
export const WHATSAPP_REPLY_JOB = "whatsapp-reply";

/** The customer-service window Meta allows free-form messages in. */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Meta's error when a free-form message is sent outside the 24-hour customer-service window. */
export const GRAPH_OUTSIDE_WINDOW = 131047;

/** The company's settings row. */
type WhatsAppRow = typeof whatsappChannels.$inferSelect;

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

const EntrySchema = z.object({
  changes: z.array(z.object({ field: z.string().optional(), value: z.unknown() })).max(1000),
});

/** The texts of a webhook body meant for `phoneNumberId`; anything else in it is ignored. */
const parseWebhook: ChannelAdapter["parseWebhook"] = (payload, phoneNumberId, now) => {
  const texts: InboundText[] = [];
  for (const entry of metaEntries(payload, EntrySchema)) {
    for (const change of entry.changes) {
      if (change.field !== undefined && change.field !== "messages") continue;
      const value = ChangeValueSchema.safeParse(change.value);
      if (!value.success) continue;
      const target = value.data.metadata?.phone_number_id;
      if (target !== undefined && target !== phoneNumberId) continue;
      for (const raw of value.data.messages ?? []) {
        const message = InboundTextSchema.safeParse(raw);
        if (!message.success) continue;
        const body = cleanText(message.data.text.body, 4096);
        if (body === "") continue;
        const profile = value.data.contacts?.find((c) => c.wa_id === message.data.from)?.profile;
        const name = profile?.name ? cleanText(profile.name, 120) : "";
        const { timestamp } = message.data;
        texts.push({
          externalId: message.data.id,
          address: message.data.from,
          name: name === "" ? null : name,
          body,
          // Meta's seconds (within the last week), else now.
          at: boundedSentAt(timestamp ? new Date(Number(timestamp) * 1000) : null, now),
        });
      }
    }
  }
  return texts;
};

/** A message from the company's number; `to`: the digits WhatsApp gave as `from`. */
const post = (account: ChannelAccount, to: string, payload: object) =>
  postGraphMessage(account, {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    ...payload,
  });

export const whatsappChannel: ChannelAdapter<WhatsAppRow, SaveWhatsAppChannel> = {
  name: "whatsapp",
  label: "WhatsApp",
  replyJob: WHATSAPP_REPLY_JOB,
  tables: {
    channels: whatsappChannels,
    nodeId: whatsappChannels.phoneNumberId,
    contacts: whatsappContacts,
    address: whatsappContacts.phone,
    contactName: whatsappContacts.name,
    messages: whatsappMessages,
    externalId: whatsappMessages.waMessageId,
  },
  api: {
    channel: WhatsAppChannelSchema,
    save: SaveWhatsAppChannelSchema,
    inbox: WhatsAppInboxSchema,
    reply: WhatsAppReplyResultSchema,
    summaries: {
      get: "IA Suprema on WhatsApp: the company's channel (which secrets are set, never them) and its webhook URL",
      put: "Saves the WhatsApp Business Cloud API credentials (encrypted); an empty secret keeps the saved one",
      delete: "Removes the company's WhatsApp channel",
      inbox: "The company's WhatsApp conversations, newest first, with what waits for a person",
      reply: "A person answers a WhatsApp contact (the 24-hour rule applies)",
      handshake:
        "Meta's webhook verification: hub.mode=subscribe and the company's verify token → hub.challenge",
      webhook:
        "Meta's webhook events (X-Hub-Signature-256: HMAC-SHA256 of the raw body with the app secret); inbound texts answered by the assistant",
    },
  },

  webhook: metaWebhook,
  parseWebhook,
  findMember: (db: Db, companyId: string, phone: string) => findMemberByPhone(db, companyId, phone),
  assistantSettles: "attempted",

  textMax: 4096,
  window: (lastInboundAt, now) =>
    lastInboundAt !== null && now.getTime() - lastInboundAt.getTime() < WHATSAPP_WINDOW_MS
      ? "open"
      : "closed",
  sendText: (account, to, body) =>
    post(account, to, { type: "text", text: { preview_url: false, body } }),
  closedMeanwhile: (answer) => !answer.ok && answer.code === GRAPH_OUTSIDE_WINDOW,
  closedStatus: "template_required",
  template: (row) =>
    row.templateName && row.templateLanguage
      ? { name: row.templateName, language: row.templateLanguage }
      : null,
  sendTemplate: (account, to, template) =>
    post(account, to, {
      type: "template",
      template: { name: template.name, language: { code: template.language } },
    }),

  settingsValues: (input) => ({
    phoneNumberId: input.phoneNumberId,
    templateName: input.templateName || null,
    templateLanguage: input.templateName ? input.templateLanguage : null,
  }),
  settingsView: (row) => ({
    phoneNumberId: row?.phoneNumberId ?? "",
    templateName: row?.templateName ?? "",
    templateLanguage: row?.templateLanguage ?? "",
  }),
  nodeIdField: "phoneNumberId",

  conversation: (c, now) => ({
    contactId: c.contactId,
    name: c.memberName ?? c.name ?? "",
    phone: c.address,
    member: c.memberName !== null,
    pending: c.pending,
    windowOpen: whatsappChannel.window(c.lastInboundAt, now) === "open",
    lastAt: c.lastAt,
    messages: c.messages,
  }),
};

/**
 * Sends `text` to a WhatsApp contact of `companyId` within the 24-hour rule (channel-send.ts):
 * the reply job's and the campaigns' way out.
 */
export const sendWhatsAppText = channelSender(whatsappChannel);
