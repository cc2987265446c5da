/**
 * Web Push, the platform service (issue 32): a user's devices subscribe with the kinds of notice
 * they want, and any module or flow calls `queueCustomerPush` / `queueCompanyPush` in the
 * transaction of the event. One `push-notify` job per subscription with that kind switched on is
 * queued (none when nobody subscribed: one indexed read), and the job sends it (push.jobs.ts).
 */

import { randomUUID } from "node:crypto";
import {
  CUSTOMER_PUSH_KINDS,
  type PushKind,
  type PushSubscriptionInput,
  type PushSubscriptionView,
} from "@shared/push.schema";
import { can, PERMISSIONS, type Permission } from "@shared/team-permissions";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { enqueueJobs } from "../jobs/jobs.service";
import { recordConsent } from "../privacy/privacy.service";
import { getNotificationSettings } from "../settings/settings.queries";
import { findMemberSubscriptionIds, findPushUser, findSubscriptionIds } from "./push.queries";
import { pushSubscriptions } from "./push.table";
import { vapidConfig } from "./vapid";

export const PUSH_NOTIFY_JOB = "push-notify";

/** What a notice shows besides its kind (each kind uses its own). */
export type PushData = {
  companyId: string;
  stamps?: number;
  maxStamps?: number;
  added?: number;
  reward?: string;
  /** The customer a member's notice is about (their name is read when it is sent). */
  customerId?: string;
  /** The company a partnership request comes from (its name is read when it is sent). */
  fromCompanyId?: string;
  /** A message's first words. */
  quote?: string;
  /** The page the notice opens (a path of the app). */
  url?: string;
};

/** A company member's kinds: the permission whose page the notice leads to. */
const MEMBER_KIND_PERMISSION = {
  message: "messages",
  claim: "claims",
  partnership: "partnerships",
} as const satisfies Record<string, Permission>;
type MemberKind = keyof typeof MEMBER_KIND_PERMISSION;

// Endpoints are the push services' (https); the tests add their fake's origin.
let extraOrigins: readonly string[] = [];
export function setPushTestOrigins(origins: readonly string[]) {
  extraOrigins = origins;
}

/**
 * The browsers' push services (Chrome, Edge's and Opera's FCM, Firefox's autopush, Safari's, Windows'
 * WNS). The server posts to the endpoint, so only these hosts are taken, over https: never an
 * address inside the network (SSRF).
 */
const PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "push.services.mozilla.com",
  "push.apple.com",
  "notify.windows.com",
];

export function endpointAllowed(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== "https:" || url.username || url.password || url.port) return false;
  return PUSH_SERVICE_HOSTS.some((h) => url.hostname === h || url.hostname.endsWith(`.${h}`));
}

const invalid = (field: string, message: string) =>
  new AppError("validation_failed", 400, message, { [field]: message });

async function allowedKinds(
  db: Db,
  userId: string,
): Promise<{ kinds: readonly PushKind[]; language: string }> {
  const user = await findPushUser(db, userId);
  if (!user) throw new AppError("forbidden", 403, "No profile.");
  const language = user.language ?? "pt";
  if (user.role === "customer") return { kinds: CUSTOMER_PUSH_KINDS, language };
  const kinds = (Object.keys(MEMBER_KIND_PERMISSION) as MemberKind[]).filter((k) =>
    can(user.memberRole, MEMBER_KIND_PERMISSION[k]),
  );
  return { kinds, language };
}

const view = (row: {
  endpoint: string;
  kinds: string[];
  createdAt: Date;
}): PushSubscriptionView => ({
  endpoint: row.endpoint,
  kinds: row.kinds as PushKind[],
  createdAt: row.createdAt.toISOString(),
});

/**
 * Saves this device's subscription for the user (by endpoint): its keys and switches. An endpoint
 * another user holds answers 404, as one that does not exist would.
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<PushSubscriptionView> {
  if (!endpointAllowed(input.endpoint))
    throw invalid("endpoint", "The endpoint must be a push service's https URL.");
  const { kinds: allowed, language } = await allowedKinds(db, userId);
  const refused = input.kinds.filter((k) => !allowed.includes(k));
  if (refused.length > 0) throw invalid("kinds", `Not for this account: ${refused.join(", ")}.`);
  const kinds = [...new Set(input.kinds)];
  const before = await countSubscriptions(db, userId);
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      id: randomUUID(),
      userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      userAgent: userAgent?.slice(0, 300) ?? null,
      language,
      kinds,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: userAgent?.slice(0, 300) ?? null,
        language,
        kinds,
      },
      setWhere: eq(pushSubscriptions.userId, userId),
    })
    .returning();
  if (!row) throw new AppError("not_found", 404, "Subscription not found.");
  // The account's first device switched on: the consent to notices, recorded with its time.
  if (before === 0) {
    await recordConsent(db, { userId, kind: "push", granted: true, source: "device" });
  }
  return view(row);
}

async function countSubscriptions(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}

/**
 * 'Meus dados' → notices off (issue 34): every device of the account stops receiving them (their
 * subscriptions go); recorded as the consent withdrawn. Answers how many devices there were.
 */
export async function deleteAllSubscriptions(db: Db, userId: string): Promise<number> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .returning({ id: pushSubscriptions.id });
  await recordConsent(db, { userId, kind: "push", granted: false, source: "meus_dados" });
  return removed.length;
}

export async function getSubscription(db: Db, userId: string, endpoint: string) {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .limit(1);
  if (!row) throw new AppError("not_found", 404, "Subscription not found.");
  return view(row);
}

export async function deleteSubscription(db: Db, userId: string, endpoint: string) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new AppError("not_found", 404, "Subscription not found.");
  // The account's last device switched off: the consent withdrawn.
  if ((await countSubscriptions(db, userId)) === 0) {
    await recordConsent(db, { userId, kind: "push", granted: false, source: "device" });
  }
}

async function queue(
  tx: Db,
  subs: { id: string; userId: string }[],
  kind: PushKind,
  data: PushData,
) {
  await enqueueJobs(
    tx,
    PUSH_NOTIFY_JOB,
    subs.map((s) => ({ subscriptionId: s.id, userId: s.userId, kind, data })),
  );
}

/** A customer's notice (stamp, card_complete, redeemed, reply, birthday), in `tx`. */
export async function queueCustomerPush(
  tx: Db,
  customerId: string,
  kind: (typeof CUSTOMER_PUSH_KINDS)[number],
  data: PushData,
): Promise<void> {
  if (!vapidConfig()) return;
  await queue(tx, await findSubscriptionIds(tx, [customerId], kind), kind, data);
}

/**
 * A company's notice to its members (message, claim, partnership), in `tx`: to those whose role
 * sees that page, while the company's 'Notificações push' switch and the category's switch
 * ('Mensagens de clientes' for messages and partnership requests, 'Carimbos' for claims) are on.
 */
export async function queueCompanyPush(tx: Db, kind: MemberKind, data: PushData): Promise<void> {
  if (!vapidConfig()) return;
  const switches = await getNotificationSettings(tx, data.companyId);
  if (!switches.push || !(kind === "claim" ? switches.stamps : switches.messages)) return;
  const roles = PERMISSIONS[MEMBER_KIND_PERMISSION[kind]];
  await queue(tx, await findMemberSubscriptionIds(tx, data.companyId, roles, kind), kind, data);
}

/** After a send: the subscription answered. */
export async function markDelivered(db: Db, id: string) {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}

/** The push service said the subscription is gone (404/410). */
export async function removeSubscription(db: Db, id: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
