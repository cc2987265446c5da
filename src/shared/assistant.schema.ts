import { z } from "zod";
import { isHttpUrl } from "./company-data.schema";
import { LANGUAGES, type Language } from "./languages";
import { text } from "./text";

/**
 * IA Suprema (spec sections 1, 2, 3 "AI robot settings", 4, 9): a per-company assistant that
 * answers the company's customers in the app (and on WhatsApp), files complaints and suggestions,
 * and sends campaigns to the members who agreed. Available in the trial and on the Supremo plan
 * (billing.schema's planAllows(…, "assistant")).
 */

/** The assistant's tone (spec: amigável, formal, descontraído, profissional). */
export const ASSISTANT_TONES = ["amigavel", "formal", "descontraido", "profissional"] as const;
export type AssistantTone = (typeof ASSISTANT_TONES)[number];

/** How often the running promotion goes out to the members who agreed (spec: semanal, quinzenal, mensal). */
export const PROMOTION_FREQUENCIES = ["semanal", "quinzenal", "mensal"] as const;
export type PromotionFrequency = (typeof PROMOTION_FREQUENCIES)[number];
/** Days between two campaigns of a frequency. */
export const PROMOTION_FREQUENCY_DAYS: Record<PromotionFrequency, number> = {
  semanal: 7,
  quinzenal: 14,
  mensal: 30,
};

/** What the assistant understood a message to be. `handover`: a person answers it. */
export const ASSISTANT_INTENTS = [
  "greeting",
  "hours",
  "stamps",
  "promotion",
  "order",
  "suggestion",
  "complaint",
  "handover",
] as const;
export type AssistantIntent = (typeof ASSISTANT_INTENTS)[number];

/** A complaint or a suggestion the assistant filed for the company. */
export const FEEDBACK_KINDS = ["complaint", "suggestion"] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
/** Spec-like states of a filed complaint or suggestion: nova → em andamento → resolvida. */
export const FEEDBACK_STATES = ["new", "in_progress", "resolved"] as const;
export type FeedbackState = (typeof FEEDBACK_STATES)[number];
/** Where a message reached the assistant. */
export const ASSISTANT_CHANNELS = ["app", "whatsapp", "instagram"] as const;
export type AssistantChannel = (typeof ASSISTANT_CHANNELS)[number];

/** Longest assistant name, and longest configurable message. */
export const ASSISTANT_NAME_MAX = 40;
export const ASSISTANT_MESSAGE_MAX = 500;
/** Longest the language model may take before the deterministic engine answers instead. */
export const ASSISTANT_LLM_TIMEOUT_MS = 8_000;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (message: string) => z.string(message).regex(HHMM, message);

/** One weekday's service hours (0 = Sunday … 6 = Saturday), `HH:mm` in São Paulo time. */
export const ServiceDaySchema = z
  .object({ open: z.boolean(), start: time("hours_invalid"), end: time("hours_invalid") })
  .refine((d) => !d.open || d.start < d.end, { message: "hours_order", path: ["end"] });
export type ServiceDay = z.infer<typeof ServiceDaySchema>;

const message = (required: string) =>
  text({ multiline: true, message: required })
    .trim()
    .min(1, required)
    .max(ASSISTANT_MESSAGE_MAX, "assistant_message_too_long");

/** An optional link the assistant may send: empty, or an http(s) address. */
const link = text({ message: "link_invalid" })
  .trim()
  .max(500, "link_invalid")
  .refine((v) => v === "" || isHttpUrl(v), "link_invalid");

/** /ia-suprema's form: what the owner sets, saved on the server. */
export const AssistantSettingsSchema = z.object({
  /** Spec `ia_ativada` (inativo/ativo). */
  enabled: z.boolean(),
  /** Spec `nome_assistente_ia`. */
  name: text({ message: "assistant_name_required" })
    .trim()
    .min(1, "assistant_name_required")
    .max(ASSISTANT_NAME_MAX, "assistant_name_too_long"),
  companyName: text({ message: "company_name_required" })
    .trim()
    .min(1, "company_name_required")
    .max(120, "company_name_required"),
  welcomeMessage: message("welcome_message_required"),
  orderMessage: message("order_message_required"),
  suggestionMessage: message("suggestion_message_required"),
  complaintMessage: message("complaint_message_required"),
  /**
   * The owner informed the hours ('Informar horário de atendimento'). Until then the assistant
   * says nothing about hours: a question about them waits for a person.
   */
  hoursSet: z.boolean(),
  /** Seven days, Sunday first. */
  serviceHours: z.array(ServiceDaySchema).length(7, "hours_invalid"),
  tone: z.enum(ASSISTANT_TONES, "tone_invalid"),
  /** Delivery app (iFood and the like) and online store the assistant may send for orders. */
  deliveryUrl: link,
  storeUrl: link,
  /** Marketing switches: the running promotion, and reminders of an unfinished card. */
  marketingPromotions: z.boolean(),
  marketingReminders: z.boolean(),
  promotionFrequency: z.enum(PROMOTION_FREQUENCIES, "frequency_invalid"),
  /** When campaigns go out, `HH:mm` São Paulo time (default 10:00). */
  sendTime: time("send_time_invalid"),
});
export type AssistantSettings = z.infer<typeof AssistantSettingsSchema>;
export type AssistantSettingsInput = z.input<typeof AssistantSettingsSchema>;

/** GET /api/assistant/settings: the settings, and whether the plan includes the assistant. */
export const AssistantOverviewSchema = z
  .object({
    settings: AssistantSettingsSchema,
    /** The plan check (trial or Supremo): false shows what it would do and how to upgrade. */
    available: z.boolean(),
    /** Which engine answers: the language model (LLM_* set) or the built-in rules. */
    engine: z.enum(["llm", "rules"]),
    /** Complaints and suggestions not resolved yet. */
    openFeedback: z.number().int(),
  })
  .meta({ id: "AssistantOverview" });
export type AssistantOverview = z.infer<typeof AssistantOverviewSchema>;

const DEFAULT_DAY: ServiceDay = { open: true, start: "08:00", end: "18:00" };

/** The defaults (spec: 08:00 - 18:00, send time 10:00); `companyName` comes from the company. */
export const ASSISTANT_DEFAULTS: Omit<AssistantSettings, "companyName"> = {
  enabled: false,
  name: "Assistente",
  welcomeMessage: "Olá! Como posso ajudar você hoje?",
  orderMessage: "Você pode fazer seu pedido pelos links abaixo.",
  suggestionMessage: "Obrigado pela sugestão! Vamos encaminhar para a nossa equipe.",
  complaintMessage:
    "Sentimos muito pelo ocorrido. Sua reclamação foi registrada e nossa equipe vai entrar em contato.",
  hoursSet: false,
  serviceHours: Array.from({ length: 7 }, () => ({ ...DEFAULT_DAY })),
  tone: "amigavel",
  deliveryUrl: "",
  storeUrl: "",
  marketingPromotions: false,
  marketingReminders: false,
  promotionFrequency: "semanal",
  sendTime: "10:00",
};

/** A filed complaint or suggestion, as the company's list shows it. */
export const FeedbackSchema = z
  .object({
    id: z.string(),
    kind: z.enum(FEEDBACK_KINDS),
    state: z.enum(FEEDBACK_STATES),
    body: z.string(),
    channel: z.enum(ASSISTANT_CHANNELS),
    /** The member's name, or the WhatsApp contact's name or phone. */
    customerName: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "Feedback" });
export type Feedback = z.infer<typeof FeedbackSchema>;

export const FeedbackListSchema = z
  .object({
    items: z.array(FeedbackSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: "FeedbackList" });
export type FeedbackList = z.infer<typeof FeedbackListSchema>;

export const UpdateFeedbackSchema = z.object({ state: z.enum(FEEDBACK_STATES, "state_invalid") });
export type UpdateFeedback = z.infer<typeof UpdateFeedbackSchema>;

// ---------------------------------------------------------------------------------------------
// Marketing consent and campaigns (issue 20, point 6)

/**
 * The text a customer ticks to receive a company's campaigns, per language, with the company's
 * name filled in by the server (`marketingConsentText`). Stored word for word with the consent.
 */
export const MARKETING_CONSENT_TEXTS: Record<Language, string> = {
  pt: "Quero receber promoções e novidades de {empresa} por e-mail e WhatsApp. Posso cancelar quando quiser.",
  en: "I want to receive promotions and news from {empresa} by e-mail and WhatsApp. I can cancel at any time.",
};

/** The consent text as the person saw it: their language, the company's trade name in it. */
export function marketingConsentText(language: Language, companyName: string): string {
  return MARKETING_CONSENT_TEXTS[language].replace("{empresa}", () => companyName);
}

/** Where a consent was given, and how it was withdrawn. */
export const CONSENT_SOURCES = ["sign_up", "join", "settings"] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
export const CONSENT_REVOKED_VIA = ["settings", "opt_out_link"] as const;
export type ConsentRevokedVia = (typeof CONSENT_REVOKED_VIA)[number];

/** The campaigns: the running promotion, and a reminder of an unfinished card. */
export const CAMPAIGN_KINDS = ["promotion", "reminder"] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];

/** A reminder goes to members whose card has had no stamp for this many days. */
export const REMINDER_IDLE_DAYS = 30;

/** GET /api/me/marketing-consents: one entry per company the customer is a member of. */
export const MarketingConsentSchema = z
  .object({
    companyId: z.string(),
    companyName: z.string(),
    consented: z.boolean(),
    /** When the live consent was given (ISO), null without one. */
    since: z.string().nullable(),
  })
  .meta({ id: "MarketingConsent" });
export type MarketingConsent = z.infer<typeof MarketingConsentSchema>;

/** PUT /api/me/marketing-consents/:companyId: agree (the text in `language`) or withdraw. */
export const SetMarketingConsentSchema = z.object({
  consented: z.boolean(),
  language: z.enum(LANGUAGES),
});
export type SetMarketingConsent = z.infer<typeof SetMarketingConsentSchema>;

/** POST /api/marketing/opt-out: the signed token of a campaign e-mail's link (checked by the server). */
export const OptOutSchema = z.object({ token: z.string().trim().max(512) });
export type OptOut = z.infer<typeof OptOutSchema>;

/** The opt-out's answer: whose campaigns stop (the same answer when they had stopped already). */
export const OptOutResultSchema = z
  .object({ companyName: z.string() })
  .meta({ id: "OptOutResult" });
export type OptOutResult = z.infer<typeof OptOutResultSchema>;

/** GET /api/assistant/feedback's filters. */
export const FeedbackQuerySchema = z.object({
  state: z.enum(FEEDBACK_STATES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type FeedbackQuery = z.infer<typeof FeedbackQuerySchema>;

/** The customers whose conversations a person took over from the assistant (/mensagens). */
export const TakenOverSchema = z
  .object({ customerIds: z.array(z.string()) })
  .meta({ id: "TakenOver" });
export type TakenOver = z.infer<typeof TakenOverSchema>;

// ---------------------------------------------------------------------------------------------
