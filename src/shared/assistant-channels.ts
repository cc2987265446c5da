import { z } from "zod";
import { text } from "./text";

/**
 * The assistant's messaging channels (WhatsApp, Instagram Direct): each company's credentials and
 * the conversations the company reads on /ia-suprema (split from assistant.schema.ts).
 */

// ─────────────────────────────────────────────────────────────────────────────────────────────
// WhatsApp channel (issue 20, point 5): a company's WhatsApp Business Cloud API credentials.
// ─────────────────────────────────────────────────────────────────────────────────────────────

/** Longest secret accepted (Meta's access tokens are a few hundred characters). */
export const WHATSAPP_SECRET_MAX = 2048;

/**
 * A secret field of the form: empty keeps the one saved (required on the first save); no
 * whitespace or control characters inside.
 */
const channelSecret = (message: string) =>
  text({ message }).trim().max(WHATSAPP_SECRET_MAX, message).regex(/^\S*$/, message);
const whatsappSecret = channelSecret("whatsapp_secret_invalid");

/** PUT /api/assistant/whatsapp: the credentials from Meta's app dashboard. */
export const SaveWhatsAppChannelSchema = z
  .object({
    /** 'Phone number ID' of the WhatsApp Business number (digits). */
    phoneNumberId: z
      .string("whatsapp_phone_number_id_invalid")
      .trim()
      .regex(/^\d{5,30}$/, "whatsapp_phone_number_id_invalid"),
    accessToken: whatsappSecret,
    appSecret: whatsappSecret,
    /** The token the company types in Meta's webhook settings (Meta echoes it in the handshake). */
    verifyToken: whatsappSecret,
    /** The approved template sent outside the 24-hour window (empty: none). */
    templateName: z
      .string("whatsapp_template_name_invalid")
      .trim()
      .regex(/^[a-z0-9_]{0,512}$/, "whatsapp_template_name_invalid"),
    /** The template's language code, e.g. `pt_BR`, `en_US`, `es`. */
    templateLanguage: z
      .string("whatsapp_template_language_invalid")
      .trim()
      .regex(/^([a-z]{2,3}(_[A-Z]{2})?)?$/, "whatsapp_template_language_invalid"),
  })
  .refine((v) => v.templateName === "" || v.templateLanguage !== "", {
    message: "whatsapp_template_language_required",
    path: ["templateLanguage"],
  });
export type SaveWhatsAppChannel = z.infer<typeof SaveWhatsAppChannelSchema>;
export type SaveWhatsAppChannelInput = z.input<typeof SaveWhatsAppChannelSchema>;

/** GET /api/assistant/whatsapp: never a secret, only whether each one is set. */
export const WhatsAppChannelSchema = z
  .object({
    configured: z.boolean(),
    phoneNumberId: z.string(),
    accessTokenSet: z.boolean(),
    appSecretSet: z.boolean(),
    verifyTokenSet: z.boolean(),
    templateName: z.string(),
    templateLanguage: z.string(),
    /** To paste in Meta's webhook settings: `<APP_URL>/api/whatsapp/webhook/<companyId>`. */
    webhookUrl: z.string(),
  })
  .meta({ id: "WhatsAppChannel" });
export type WhatsAppChannel = z.infer<typeof WhatsAppChannelSchema>;

// WhatsApp conversations (the company reads them on /ia-suprema and answers what waits)

export const WhatsAppMessageSchema = z
  .object({
    id: z.string(),
    direction: z.enum(["in", "out"]),
    body: z.string(),
    /** in: received, answered, pending (for a person); out: sent, template_sent, template_required, failed. */
    status: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "WhatsAppMessage" });
export type WhatsAppMessage = z.infer<typeof WhatsAppMessageSchema>;

export const WhatsAppConversationSchema = z
  .object({
    contactId: z.string(),
    /** The member's name, else the WhatsApp profile's name, else "". */
    name: z.string(),
    /** Digits with the country code. */
    phone: z.string(),
    /** Whether the contact is a member of the company (matched by phone). */
    member: z.boolean(),
    /** Messages that wait for a person. */
    pending: z.number().int(),
    /** Whether a free text can go out now (the contact wrote in the last 24 hours). */
    windowOpen: z.boolean(),
    lastAt: z.string(),
    /** The newest messages, oldest first. */
    messages: z.array(WhatsAppMessageSchema),
  })
  .meta({ id: "WhatsAppConversation" });
export type WhatsAppConversation = z.infer<typeof WhatsAppConversationSchema>;

export const WhatsAppInboxSchema = z
  .object({
    conversations: z.array(WhatsAppConversationSchema),
  })
  .meta({ id: "WhatsAppInbox" });
export type WhatsAppInbox = z.infer<typeof WhatsAppInboxSchema>;

/** How a person's WhatsApp answer went (template_required: the 24-hour window is closed). */
export const WhatsAppReplyResultSchema = z
  .object({
    status: z.enum(["sent", "template_sent", "template_required", "failed"]),
  })
  .meta({ id: "WhatsAppReplyResult" });
export type WhatsAppReplyResult = z.infer<typeof WhatsAppReplyResultSchema>;

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Instagram channel (issue 20, point 5): Instagram Direct messages behind the same shape.
// ─────────────────────────────────────────────────────────────────────────────────────────────

const instagramSecret = channelSecret("instagram_secret_invalid");

/** PUT /api/assistant/instagram: the credentials from Meta's app dashboard. */
export const SaveInstagramChannelSchema = z.object({
  /** The Instagram professional account's id (digits; Meta's `entry[].id`). */
  accountId: z
    .string("instagram_account_id_invalid")
    .trim()
    .regex(/^\d{5,30}$/, "instagram_account_id_invalid"),
  accessToken: instagramSecret,
  appSecret: instagramSecret,
  /** The token the company types in Meta's webhook settings (Meta echoes it in the handshake). */
  verifyToken: instagramSecret,
});
export type SaveInstagramChannel = z.infer<typeof SaveInstagramChannelSchema>;
export type SaveInstagramChannelInput = z.input<typeof SaveInstagramChannelSchema>;

/** GET /api/assistant/instagram: never a secret, only whether each one is set. */
export const InstagramChannelSchema = z
  .object({
    configured: z.boolean(),
    accountId: z.string(),
    accessTokenSet: z.boolean(),
    appSecretSet: z.boolean(),
    verifyTokenSet: z.boolean(),
    /** To paste in Meta's webhook settings: `<APP_URL>/api/instagram/webhook/<companyId>`. */
    webhookUrl: z.string(),
  })
  .meta({ id: "InstagramChannel" });
export type InstagramChannel = z.infer<typeof InstagramChannelSchema>;

export const InstagramConversationSchema = z
  .object({
    contactId: z.string(),
    /** The Instagram username when known, else "". */
    username: z.string(),
    /** Messages that wait for a person. */
    pending: z.number().int(),
    /** Whether a free text can go out now (the contact wrote in the last 24 hours). */
    windowOpen: z.boolean(),
    /** Whether a person may still answer (with the human agent tag: within 7 days). */
    humanAgentOpen: z.boolean(),
    lastAt: z.string(),
    /** The newest messages, oldest first (out: sent, window_closed, failed). */
    messages: z.array(WhatsAppMessageSchema),
  })
  .meta({ id: "InstagramConversation" });
export type InstagramConversation = z.infer<typeof InstagramConversationSchema>;

export const InstagramInboxSchema = z
  .object({
    conversations: z.array(InstagramConversationSchema),
  })
  .meta({ id: "InstagramInbox" });
export type InstagramInbox = z.infer<typeof InstagramInboxSchema>;

/** How a person's Instagram answer went (window_closed: more than 7 days since they wrote). */
export const InstagramReplyResultSchema = z
  .object({
    status: z.enum(["sent", "window_closed", "failed"]),
  })
  .meta({ id: "InstagramReplyResult" });
export type InstagramReplyResult = z.infer<typeof InstagramReplyResultSchema>;
