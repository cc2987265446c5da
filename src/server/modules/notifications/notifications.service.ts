import { preview } from "@shared/messages.schema";
import {
  type MarkNotificationsRead,
  MESSAGE_NOTIFICATION_PREVIEW_LENGTH,
  NOTIFICATIONS_LIST_MAX,
  type Notification,
  type NotificationList,
} from "@shared/notifications.schema";
import type { NotificationSettings } from "@shared/settings.schema";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CompanyActor } from "../../middleware/actor";
import { listPendingMessages } from "../messages/messages.queries";
import { listRecentAccountDeletions } from "../privacy/privacy.queries";
import { getNotificationSettings } from "../settings/settings.queries";
import {
  listNewAssistantFeedback,
  listPendingClaims,
  listPendingInstagramMessages,
  listPendingPartnershipRequests,
  listPendingWhatsAppMessages,
  listRecentlyCompletedCards,
} from "./notifications.queries";
import { notificationReads } from "./notifications.table";

/** More than the badge shows ('99+'), so the unread count is exact up to there. */
const SOURCE_LIMIT = 200;

const none = async () => [];

/**
 * The company's current notifications, newest first, each marked read or not for this user: the
 * categories its switches let through ('Mensagens de clientes', 'Carimbos', 'Cartões completos').
 */
async function currentNotifications(
  db: Db,
  actor: CompanyActor,
  switches: NotificationSettings,
): Promise<Notification[]> {
  const [claims, completed, messages, requests, feedback, whatsapp, instagram, deletions] =
    await Promise.all([
      switches.stamps ? listPendingClaims(db, actor.companyId, SOURCE_LIMIT) : none(),
      switches.completedCards
        ? listRecentlyCompletedCards(db, actor.companyId, SOURCE_LIMIT)
        : none(),
      switches.messages ? listPendingMessages(db, actor.companyId, SOURCE_LIMIT) : none(),
      // Partnership requests are messages from another company: the same switch.
      switches.messages
        ? listPendingPartnershipRequests(db, actor.companyId, SOURCE_LIMIT)
        : none(),
      // Complaints and suggestions come from customers' messages: the same switch.
      switches.messages ? listNewAssistantFeedback(db, actor.companyId, SOURCE_LIMIT) : none(),
      switches.messages ? listPendingWhatsAppMessages(db, actor.companyId, SOURCE_LIMIT) : none(),
      switches.messages ? listPendingInstagramMessages(db, actor.companyId, SOURCE_LIMIT) : none(),
      // A member's account deleted (issue 34): the controller is told, whatever the switches.
      listRecentAccountDeletions(db, actor.companyId, SOURCE_LIMIT),
    ]);
  const items: Omit<Notification, "read">[] = [
    ...claims.map((c) => ({
      id: `carimbo_${c.id}`,
      type: "stamp_claim" as const,
      customerName: c.customerName,
      detail: c.method,
      createdAt: c.createdAt.toISOString(),
    })),
    ...completed.map((c) => ({
      id: `cartao_${c.id}`,
      type: "card_complete" as const,
      customerName: c.customerName,
      detail: c.programName,
      createdAt: (c.completedAt as Date).toISOString(),
    })),
    ...messages.map((m) => ({
      id: `msg_${m.id}`,
      type: "customer_message" as const,
      customerName: m.customerName,
      detail: preview(m.body, MESSAGE_NOTIFICATION_PREVIEW_LENGTH),
      createdAt: m.createdAt.toISOString(),
    })),
    ...requests.map((r) => ({
      id: `parceria_${r.id}`,
      type: "partnership_request" as const,
      customerName: r.companyName,
      detail: preview(r.proposal, MESSAGE_NOTIFICATION_PREVIEW_LENGTH),
      createdAt: r.createdAt.toISOString(),
    })),
    ...feedback.map((f) => ({
      id: `feedback_${f.id}`,
      type: "assistant_feedback" as const,
      customerName: f.customerName,
      detail: preview(f.body, MESSAGE_NOTIFICATION_PREVIEW_LENGTH),
      createdAt: f.createdAt.toISOString(),
    })),
    ...whatsapp.map((w) => ({
      id: `whatsapp_${w.id}`,
      type: "whatsapp_message" as const,
      customerName: w.customerName,
      detail: preview(w.body, MESSAGE_NOTIFICATION_PREVIEW_LENGTH),
      createdAt: w.createdAt.toISOString(),
    })),
    ...instagram.map((i) => ({
      id: `instagram_${i.id}`,
      type: "instagram_message" as const,
      customerName: i.customerName,
      detail: preview(i.body, MESSAGE_NOTIFICATION_PREVIEW_LENGTH),
      createdAt: i.createdAt.toISOString(),
    })),
    ...deletions.map((d) => ({
      id: `titular_${d.id}`,
      type: "account_deleted" as const,
      customerName: "",
      detail: "",
      createdAt: (d.completedAt as Date).toISOString(),
    })),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  // A request is read for the whole company once opened (its 'lida'), whoever opened it.
  const opened = new Set(requests.filter((r) => r.readAt).map((r) => `parceria_${r.id}`));
  return (await withReadMarks(db, actor.userId, items)).map((n) =>
    opened.has(n.id) ? { ...n, read: true } : n,
  );
}

/** Each item marked read or not for `userId` (the marks kept in `notification_reads`). */
export async function withReadMarks<T extends { id: string }>(
  db: Db,
  userId: string,
  items: T[],
): Promise<(T & { read: boolean })[]> {
  if (items.length === 0) return [];
  const read = new Set(
    (
      await db
        .select({ id: notificationReads.notificationId })
        .from(notificationReads)
        .where(
          and(
            eq(notificationReads.userId, userId),
            inArray(
              notificationReads.notificationId,
              items.map((i) => i.id),
            ),
          ),
        )
    ).map((r) => r.id),
  );
  return items.map((i) => ({ ...i, read: read.has(i.id) }));
}

/** Keeps read marks of `ids` for `userId` (idempotent). */
export async function saveReadMarks(db: Db, userId: string, ids: Iterable<string>) {
  const values = [...ids].map((notificationId) => ({ userId, notificationId }));
  if (values.length === 0) return;
  await db.insert(notificationReads).values(values).onConflictDoNothing();
}

const toList = (all: Notification[]): NotificationList => ({
  items: all.slice(0, NOTIFICATIONS_LIST_MAX),
  unread: all.filter((n) => !n.read).length,
  muted: false,
});

/** 'Notificações push' off: the bell lists and counts nothing. */
const MUTED: NotificationList = { items: [], unread: 0, muted: true };

/**
 * The bell: the newest notifications (at most 10) and how many are unread in all, of the
 * categories the company's switches let through; nothing with 'Notificações push' off.
 */
export async function listNotifications(db: Db, actor: CompanyActor): Promise<NotificationList> {
  const switches = await getNotificationSettings(db, actor.companyId);
  if (!switches.push) return MUTED;
  return toList(await currentNotifications(db, actor, switches));
}

/**
 * Marks notifications read for this user: the given ids, or every current one. Marks are per user
 * and idempotent; an id that is not one of the company's notifications marks nothing it can see.
 * Answers the bell after the change, from the one read of the current notifications, and the ids
 * marked (flows/read-notifications.ts opens the partnership requests among them).
 */
export async function markNotificationsRead(
  db: Db,
  actor: CompanyActor,
  input: MarkNotificationsRead,
): Promise<{ bell: NotificationList; marked: string[] }> {
  const switches = await getNotificationSettings(db, actor.companyId);
  const current = await currentNotifications(db, actor, switches);
  const ids = new Set("ids" in input ? input.ids : current.filter((n) => !n.read).map((n) => n.id));
  await saveReadMarks(db, actor.userId, ids);
  const bell = switches.push
    ? toList(current.map((n) => (ids.has(n.id) ? { ...n, read: true } : n)))
    : MUTED;
  return { bell, marked: [...ids] };
}
