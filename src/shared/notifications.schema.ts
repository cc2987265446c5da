import { z } from "zod";

/** The bell lists at most this many notifications (spec section 9). */
export const NOTIFICATIONS_LIST_MAX = 10;
/** Complete-card notifications only cover the last 24 hours (spec section 9). */
export const COMPLETE_CARD_NOTIFICATION_HOURS = 24;

/** A member's account deletion stays in the bell this many days (issue 34). */
export const ACCOUNT_DELETED_NOTIFICATION_DAYS = 7;

/** A pending-message notification shows the message's first 50 characters (spec section 9). */
export const MESSAGE_NOTIFICATION_PREVIEW_LENGTH = 50;

/**
 * Kinds of notification (spec section 3 'Notification': carimbo_aprovacao, cartao_completo,
 * mensagem_cliente), and a partnership request another company sent (`parceria_` + the
 * partnership's id; `customerName` is then the requesting company's name, `detail` the proposal's
 * first 50 characters), and a complaint or suggestion IA Suprema filed and nobody has looked at
 * yet (`feedback_` + its id; `detail` its first 50 characters), and a WhatsApp message waiting for
 * a person (`whatsapp_` + its id; `customerName` the contact's name or phone), and the same for
 * Instagram (`instagram_` + its id; `customerName` `@username`, else "Instagram"), and a member who
 * deleted their account in the last ACCOUNT_DELETED_NOTIFICATION_DAYS (`titular_` + the request's
 * id; `customerName` and `detail` empty: the notice names no one, issue 34). Ids keep the spec's prefixes:
 * carimbo_, cartao_, msg_.
 */
export const NOTIFICATION_TYPES = [
  "stamp_claim",
  "card_complete",
  "customer_message",
  "partnership_request",
  "assistant_feedback",
  "whatsapp_message",
  "instagram_message",
  "account_deleted",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NotificationSchema = z
  .object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    customerName: z.string(),
    /**
     * stamp_claim: the claim's method; card_complete: the programme's name; customer_message: the
     * message's first 50 characters (with '…' when it is longer).
     */
    detail: z.string(),
    createdAt: z.string(),
    read: z.boolean(),
  })
  .meta({ id: "Notification" });
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z
  .object({
    items: z.array(NotificationSchema),
    /** Unread notifications in all (the badge caps the display at '99+'). */
    unread: z.number().int(),
    /**
     * The company turned 'Notificações push' (the in-app alerts) off: the bell lists nothing and
     * counts nothing, and says where to turn them back on.
     */
    muted: z.boolean(),
  })
  .meta({ id: "NotificationList" });
export type NotificationList = z.infer<typeof NotificationListSchema>;

const NotificationIdSchema = z
  .string()
  .max(120)
  .regex(
    /^(carimbo|cartao|msg|parceria|feedback|whatsapp|instagram|titular)_[A-Za-z0-9-]+$/,
    "notification_id_invalid",
  );

/** Marks some notifications (by id) or all of the current ones as read. */
export const MarkNotificationsReadSchema = z.union([
  z.object({ ids: z.array(NotificationIdSchema).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>;

// ---------------------------------------------------------------------------------------------
// The company owner's e-mail digest (the job `notification-digests`)

/** At most one notification e-mail per company in this many minutes. */
export const DIGEST_INTERVAL_MINUTES = 15;
/** The digest lists the newest few events of each category (after the counts). */
export const DIGEST_ITEMS_PER_CATEGORY = 5;

// ---------------------------------------------------------------------------------------------
// The customer's bell (GET /api/me/notifications)

/** The customer's bell covers the last 30 days. */
export const CUSTOMER_NOTIFICATION_DAYS = 30;

/**
 * Kinds of customer notice: a company's answer or notice (`reply`), stamps on a card (staff
 * stamps, approved claims; birthday and referral stamps are their own kinds), a complete card, the
 * birthday gift, a referral's reward (the referrer) and welcome (the friend), and an invitation to
 * join a company. Ids: `resposta_`, `carimbo_`, `cartao_`, `aniversario_`, `indicacao_`,
 * `boasvindas_`, `convite_` and the row's id.
 */
export const CUSTOMER_NOTIFICATION_TYPES = [
  "reply",
  "stamps",
  "card_complete",
  "birthday_gift",
  "referral_reward",
  "referral_welcome",
  "invitation",
] as const;
export type CustomerNotificationType = (typeof CUSTOMER_NOTIFICATION_TYPES)[number];

export const CustomerNotificationSchema = z
  .object({
    id: z.string(),
    type: z.enum(CUSTOMER_NOTIFICATION_TYPES),
    companyId: z.string(),
    companyName: z.string(),
    /**
     * reply: the answer's first 50 characters (a notice: its subject); stamps: the method;
     * card_complete: the card's reward; referral_reward: the friend's name; otherwise "".
     */
    detail: z.string(),
    /** Stamps received (stamps, birthday_gift, referral_*); 0 for the other kinds. */
    stamps: z.number().int(),
    /** A referral's cash bonus in cents; 0 for the other kinds. */
    bonusCents: z.number().int(),
    createdAt: z.string(),
    read: z.boolean(),
  })
  .meta({ id: "CustomerNotification" });
export type CustomerNotification = z.infer<typeof CustomerNotificationSchema>;

export const CustomerNotificationListSchema = z
  .object({
    items: z.array(CustomerNotificationSchema),
    /** Unread notices in all (the badge caps the display at '99+'). */
    unread: z.number().int(),
  })
  .meta({ id: "CustomerNotificationList" });
export type CustomerNotificationList = z.infer<typeof CustomerNotificationListSchema>;

const CustomerNotificationIdSchema = z
  .string()
  .max(120)
  .regex(
    /^(resposta|carimbo|cartao|aniversario|indicacao|boasvindas|convite)_[A-Za-z0-9-]+$/,
    "notification_id_invalid",
  );

/** Marks some of the customer's notices (by id) or all of the current ones as read. */
export const MarkCustomerNotificationsReadSchema = z.union([
  z.object({ ids: z.array(CustomerNotificationIdSchema).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkCustomerNotificationsRead = z.infer<typeof MarkCustomerNotificationsReadSchema>;
