import { z } from "zod";

/** The bell lists at most this many notifications (spec section 9). */
export const NOTIFICATIONS_LIST_MAX = 10;
/** Complete-card notifications only cover the last 24 hours (spec section 9). */
export const COMPLETE_CARD_NOTIFICATION_HOURS = 24;

/** A pending-message notification shows the message's first 50 characters (spec section 9). */
export const MESSAGE_NOTIFICATION_PREVIEW_LENGTH = 50;

/**
 * Kinds of notification (spec section 3 'Notification': carimbo_aprovacao, cartao_completo,
 * mensagem_cliente). Ids keep the spec's prefixes: carimbo_, cartao_, msg_.
 */
export const NOTIFICATION_TYPES = ["stamp_claim", "card_complete", "customer_message"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NotificationSchema = z.object({
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
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  /** Unread notifications in all (the badge caps the display at '99+'). */
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

const NotificationIdSchema = z
  .string()
  .max(120)
  .regex(/^(carimbo|cartao|msg)_[A-Za-z0-9-]+$/, "notification_id_invalid");

/** Marks some notifications (by id) or all of the current ones as read. */
export const MarkNotificationsReadSchema = z.union([
  z.object({ ids: z.array(NotificationIdSchema).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>;
