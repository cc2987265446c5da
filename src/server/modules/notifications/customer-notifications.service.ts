import { preview } from "@shared/messages.schema";
import {
  CUSTOMER_NOTIFICATION_DAYS,
  type CustomerNotification,
  type CustomerNotificationList,
  type MarkCustomerNotificationsRead,
  MESSAGE_NOTIFICATION_PREVIEW_LENGTH,
  NOTIFICATIONS_LIST_MAX,
} from "@shared/notifications.schema";
import type { Db } from "../../db/client";
import type { CustomerActor } from "../../middleware/actor";
import { listMyInvitations } from "../customers/invitations.queries";
import {
  listBirthdayGiftsSince,
  listCardsCompletedSince,
  listCompanyRepliesSince,
  listReferralRewardsSince,
  listReferralWelcomesSince,
  listStampsReceivedSince,
} from "./customer-notifications.queries";
import { saveReadMarks, withReadMarks } from "./notifications.service";

/** More than the badge shows ('99+'), so the unread count is exact up to there. */
const SOURCE_LIMIT = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

type Item = Omit<CustomerNotification, "read">;

const item = (
  fields: Pick<Item, "id" | "type" | "companyId" | "companyName"> & {
    at: Date;
    detail?: string;
    stamps?: number;
    bonusCents?: number;
  },
): Item => ({
  id: fields.id,
  type: fields.type,
  companyId: fields.companyId,
  companyName: fields.companyName,
  detail: fields.detail ?? "",
  stamps: fields.stamps ?? 0,
  bonusCents: fields.bonusCents ?? 0,
  createdAt: fields.at.toISOString(),
});

/**
 * The customer's notices of the last CUSTOMER_NOTIFICATION_DAYS, derived from the data on each
 * call (only the read marks are stored), newest first: the companies' answers and notices, stamps
 * received, complete cards, birthday gifts, referral rewards and welcomes, and the invitations
 * waiting for an answer (whatever their age: they expire in 7 days).
 */
async function currentNotices(db: Db, actor: CustomerActor): Promise<CustomerNotification[]> {
  const window = {
    customerId: actor.customerId,
    since: new Date(Date.now() - CUSTOMER_NOTIFICATION_DAYS * DAY_MS),
    limit: SOURCE_LIMIT,
  };
  // One after the other: PGlite answers one query at a time anyway, and a pool stays free.
  const replies = await listCompanyRepliesSince(db, window);
  const stamps = await listStampsReceivedSince(db, window);
  const cards = await listCardsCompletedSince(db, window);
  const gifts = await listBirthdayGiftsSince(db, window);
  const rewards = await listReferralRewardsSince(db, window);
  const welcomes = await listReferralWelcomesSince(db, window);
  const invitations = await listMyInvitations(db, actor.customerId);
  const items: Item[] = [
    ...replies.map((r) =>
      item({
        ...r,
        id: `resposta_${r.id}`,
        type: "reply",
        detail: r.subject ?? preview(r.body, MESSAGE_NOTIFICATION_PREVIEW_LENGTH),
      }),
    ),
    ...stamps.map((s) =>
      item({ ...s, id: `carimbo_${s.id}`, type: "stamps", detail: s.method, stamps: s.count }),
    ),
    ...cards.map((c) =>
      item({ ...c, id: `cartao_${c.id}`, type: "card_complete", detail: c.reward }),
    ),
    ...gifts.map((g) => item({ ...g, id: `aniversario_${g.id}`, type: "birthday_gift" })),
    ...rewards.map((r) =>
      item({ ...r, id: `indicacao_${r.id}`, type: "referral_reward", detail: r.friendName }),
    ),
    ...welcomes.map((w) => item({ ...w, id: `boasvindas_${w.id}`, type: "referral_welcome" })),
    ...invitations.map((i) =>
      item({ ...i, id: `convite_${i.id}`, type: "invitation", at: new Date(i.createdAt) }),
    ),
  ].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return withReadMarks(db, actor.customerId, items);
}

const toList = (all: CustomerNotification[]): CustomerNotificationList => ({
  items: all.slice(0, NOTIFICATIONS_LIST_MAX),
  unread: all.filter((n) => !n.read).length,
});

/** The customer's bell: the newest notices (at most 10) and how many are unread in all. */
export async function listCustomerNotifications(
  db: Db,
  actor: CustomerActor,
): Promise<CustomerNotificationList> {
  return toList(await currentNotices(db, actor));
}

/**
 * Marks the customer's notices read: the given ids, or every current one. Marks are per user and
 * idempotent; an id that is not one of the customer's notices marks nothing they can see.
 */
export async function markCustomerNotificationsRead(
  db: Db,
  actor: CustomerActor,
  input: MarkCustomerNotificationsRead,
): Promise<CustomerNotificationList> {
  const current = await currentNotices(db, actor);
  const ids = new Set("ids" in input ? input.ids : current.filter((n) => !n.read).map((n) => n.id));
  await saveReadMarks(db, actor.customerId, ids);
  return toList(current.map((n) => (ids.has(n.id) ? { ...n, read: true } : n)));
}
