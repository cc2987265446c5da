/**
 * The Instagram channel (issue 20, point 5; decision 024): what Instagram Direct does differently
 * from the other channels. Its webhook body (`entry[].messaging[]`: texts from someone, meant for
 * the company's account; echoes of the company's own messages, reads, reactions and attachments
 * without text are ignored; Meta's `mid` kept once, the contact keyed by the Instagram-scoped id),
 * its Graph API call (`messaging_type`), and its rule: inside 24 hours of the contact's last
 * message a text goes out (`RESPONSE`); up to 7 days, only a person's reply, tagged `HUMAN_AGENT`;
 * never the assistant or a campaign, and no template (`window_closed`, nothing sent). Meta's
 * "outside the allowed window" (code 10, subcode 2018278) is `window_closed` too. Instagram gives
 * no phone, so a writer is never matched to a member.
 */
import {
  InstagramChannelSchema,
  InstagramInboxSchema,
  InstagramReplyResultSchema,
  type SaveInstagramChannel,
  SaveInstagramChannelSchema,
} from "@shared/assistant-channels";
import { z } from "zod";
import type { ChannelAdapter, ChannelWindow, InboundText } from "./channel-adapter";
import { postGraphMessage } from "./graph-api";
import { instagramChannels, instagramContacts, instagramMessages } from "./instagram.table";
import { boundedSentAt, cleanText, metaEntries, metaWebhook } from "./meta-webhook";

/** The job that answers an inbound Instagram text (assistant.jobs.ts). */
export const INSTAGRAM_REPLY_JOB = "instagram-reply";

/** The window in which any message may go out. */
export const INSTAGRAM_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The window in which a person (never the assistant) may still answer, tagged HUMAN_AGENT. */
export const INSTAGRAM_HUMAN_AGENT_MS = 7 * 24 * 60 * 60 * 1000;
/** Meta's answer to a message sent outside the allowed window. */
const OUTSIDE_WINDOW = { code: 10, subcode: 2018278 };

/** The company's settings row. */
type InstagramRow = typeof instagramChannels.$inferSelect;

/** Where the contact stands: `open` (24 hours), `human_agent` (up to 7 days), `closed`. */
export function instagramWindow(lastInboundAt: Date | null, now: Date): ChannelWindow {
  const since = lastInboundAt ? now.getTime() - lastInboundAt.getTime() : Number.POSITIVE_INFINITY;
  if (since < INSTAGRAM_WINDOW_MS) return "open";
  return since < INSTAGRAM_HUMAN_AGENT_MS ? "human_agent" : "closed";
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

const EntrySchema = z.object({
  id: z.string().max(100).optional(),
  messaging: z.array(z.unknown()).max(1000).optional(),
});

/** The texts of a webhook body meant for `accountId`; anything else in it is ignored. */
const parseWebhook: ChannelAdapter["parseWebhook"] = (payload, accountId, now) => {
  const texts: InboundText[] = [];
  for (const entry of metaEntries(payload, EntrySchema)) {
    if (entry.id !== undefined && entry.id !== accountId) continue;
    for (const raw of entry.messaging ?? []) {
      const item = InboundTextSchema.safeParse(raw);
      if (!item.success) continue;
      const { sender, recipient, timestamp, message } = item.data;
      if (sender.id === accountId || (recipient && recipient.id !== accountId)) continue;
      const body = cleanText(message.text, 4096);
      if (body === "") continue;
      const at = boundedSentAt(timestamp === undefined ? null : new Date(timestamp), now);
      texts.push({ externalId: message.mid, address: sender.id, name: null, body, at });
    }
  }
  return texts;
};

export const instagramChannel: ChannelAdapter<InstagramRow, SaveInstagramChannel> = {
  name: "instagram",
  label: "Instagram",
  replyJob: INSTAGRAM_REPLY_JOB,
  tables: {
    channels: instagramChannels,
    nodeId: instagramChannels.accountId,
    contacts: instagramContacts,
    address: instagramContacts.igsid,
    contactName: instagramContacts.username,
    messages: instagramMessages,
    externalId: instagramMessages.mid,
  },
  api: {
    channel: InstagramChannelSchema,
    save: SaveInstagramChannelSchema,
    inbox: InstagramInboxSchema,
    reply: InstagramReplyResultSchema,
    summaries: {
      get: "IA Suprema on Instagram: the company's channel (which secrets are set, never them) and its webhook URL",
      put: "Saves the Instagram messaging credentials (encrypted); an empty secret keeps the saved one",
      delete: "Removes the company's Instagram channel",
      inbox: "The company's Instagram conversations, newest first, with what waits for a person",
      reply:
        "A person answers an Instagram contact (24 hours, or up to 7 days with the human agent tag)",
      handshake:
        "Meta's Instagram webhook verification: hub.mode=subscribe and the company's verify token → hub.challenge",
      webhook:
        "Meta's Instagram webhook events (X-Hub-Signature-256: HMAC-SHA256 of the raw body with the app secret); inbound texts answered by the assistant",
    },
  },

  webhook: metaWebhook,
  parseWebhook,
  // An answer that could not go out (the window closed, Meta refused it) waits for a person.
  assistantSettles: "sent",

  textMax: 1000,
  window: instagramWindow,
  sendText: (account, to, body, window) =>
    postGraphMessage(account, {
      recipient: { id: to },
      ...(window === "open"
        ? { messaging_type: "RESPONSE" }
        : { messaging_type: "MESSAGE_TAG", tag: "HUMAN_AGENT" }),
      message: { text: body },
    }),
  closedMeanwhile: (answer) =>
    !answer.ok && answer.code === OUTSIDE_WINDOW.code && answer.subcode === OUTSIDE_WINDOW.subcode,
  closedStatus: "window_closed",

  settingsValues: (input) => ({ accountId: input.accountId }),
  settingsView: (row) => ({ accountId: row?.accountId ?? "" }),
  nodeIdField: "accountId",

  conversation: (c, now) => {
    const window = instagramWindow(c.lastInboundAt, now);
    return {
      contactId: c.contactId,
      username: c.name ?? "",
      pending: c.pending,
      windowOpen: window === "open",
      humanAgentOpen: window !== "closed",
      lastAt: c.lastAt,
      messages: c.messages,
    };
  },
};
