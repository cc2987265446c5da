/** The push module's job: one notice to one device (push.service.ts queues it). */
import { PUSH_KINDS, type PushKind } from "@shared/push.schema";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import type { Db } from "../../db/client";
import type { JobDefinition } from "../jobs/jobs.service";
import { findCompanyName, findProfileName } from "./push.queries";
import {
  endpointAllowed,
  markDelivered,
  PUSH_NOTIFY_JOB,
  type PushData,
  removeSubscription,
} from "./push.service";
import { pushSubscriptions } from "./push.table";
import { pushText } from "./push.texts";
import { vapidConfig } from "./vapid";

/** How long the push service keeps a notice for a phone that is off (a day), and its urgency. */
const TTL_SECONDS = 24 * 60 * 60;
const URGENCY: Record<PushKind, webpush.Urgency> = {
  stamp: "normal",
  card_complete: "normal",
  redeemed: "normal",
  reply: "high",
  birthday: "low",
  message: "high",
  claim: "high",
  partnership: "normal",
};

type Job = { subscriptionId?: unknown; kind?: unknown; data?: unknown };

/**
 * Sends the notice, encrypted (aes128gcm) for the device and signed with the VAPID key, in the
 * subscription's language. The switch is read again (turned off meanwhile: nothing sent). 404/410:
 * the device unsubscribed, the subscription is removed; any other failure is retried.
 */
export async function sendPushNotice(db: Db, job: unknown) {
  const vapid = vapidConfig();
  const { subscriptionId, kind, data } = (job ?? {}) as Job;
  if (!vapid) return { sent: false, reason: "off" };
  if (typeof subscriptionId !== "string" || !PUSH_KINDS.includes(kind as PushKind))
    return { sent: false, reason: "bad_job" };
  const [sub] = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, subscriptionId))
    .limit(1);
  if (!sub?.kinds.includes(kind as string)) return { sent: false, reason: "switched_off" };
  if (!endpointAllowed(sub.endpoint)) return { sent: false, reason: "endpoint" };
  const fill = (data ?? {}) as PushData;
  const company = (fill.companyId && (await findCompanyName(db, fill.companyId))) || "Carimbou";
  const name = fill.customerId
    ? await findProfileName(db, fill.customerId)
    : fill.fromCompanyId
      ? await findCompanyName(db, fill.fromCompanyId)
      : null;
  const text = pushText(sub.language, kind as PushKind, {
    ...fill,
    company,
    name: name ?? undefined,
  });
  const payload = JSON.stringify({ kind, ...text, url: fill.url ?? "/" });
  const request = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    payload,
    {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      urgency: URGENCY[kind as PushKind],
      contentEncoding: "aes128gcm",
    },
  );
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: new Uint8Array(request.body as Buffer),
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status === 404 || response.status === 410) {
    await removeSubscription(db, sub.id);
    return { sent: false, reason: "gone", status: response.status };
  }
  if (!response.ok) {
    throw new Error(`Push service answered ${response.status} for subscription ${sub.id}`);
  }
  await markDelivered(db, sub.id);
  return { sent: true };
}

export const PUSH_JOBS: readonly JobDefinition<{ db: Db }>[] = [
  {
    name: PUSH_NOTIFY_JOB,
    handler: ({ db }, _now, data) => sendPushNotice(db, data),
    retryLimit: 4,
    retryDelaySeconds: 30,
    expireInSeconds: 5 * 60,
  },
];
