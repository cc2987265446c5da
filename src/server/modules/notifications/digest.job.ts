/**
 * The owner's notification e-mails (issue 16, point 5), the job `notification-digests`: every
 * minute, each company with something new since its last digest and no e-mail in the last
 * DIGEST_INTERVAL_MINUTES gets ONE e-mail gathering it (new customer messages, stamp claims
 * waiting for review, complete cards), per the company's switches: 'Notificações por e-mail' off,
 * no e-mail at all; a category's switch off, that category left out. What the switches leave out
 * is passed over, not kept for later: the digest row moves on anyway.
 *
 * Each company is one transaction: its `notification_digests` row moves to the newest event seen
 * (and `lastSentAt` to the run's moment when it sends) only if the row still allows it, and the
 * e-mail goes into the outbox in that same transaction. A retry, or a second server running the
 * same minute, finds the row moved and sends nothing.
 */

import { toLanguage } from "@shared/languages";
import { DIGEST_INTERVAL_MINUTES } from "@shared/notifications.schema";
import { and, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queueEmail } from "../mail/outbox";
import {
  DIGEST_CATEGORIES,
  type DigestEvent,
  type DigestRecipient,
  listDigestEvents,
  listDigestRecipients,
} from "./digest.queries";
import { type DigestSection, digestEmail } from "./notification-email";
import { notificationDigests } from "./notifications.table";

export const NOTIFICATION_DIGEST_JOB = "notification-digests";

/** What one run did: companies with news, e-mails written, companies whose switches left all out. */
export type DigestRunResult = { companies: number; sent: number; silenced: number };

export async function runNotificationDigests(
  { db, appUrl }: { db: Db; appUrl: string },
  now: Date = new Date(),
): Promise<DigestRunResult> {
  const events = await listDigestEvents(db, now);
  const byCompany = new Map<string, DigestEvent[]>();
  for (const e of events) byCompany.set(e.companyId, [...(byCompany.get(e.companyId) ?? []), e]);
  const recipients = await listDigestRecipients(db, [...byCompany.keys()]);
  const result: DigestRunResult = { companies: byCompany.size, sent: 0, silenced: 0 };
  for (const recipient of recipients) {
    const news = byCompany.get(recipient.companyId) ?? [];
    const sections = sectionsFor(recipient, news);
    const sent = await settle(db, {
      companyId: recipient.companyId,
      coveredUntil: newest(news),
      now,
      mail:
        sections.length > 0
          ? digestEmail({
              to: recipient.ownerEmail,
              ownerName: recipient.ownerName,
              companyName: recipient.tradeName,
              sections,
              language: toLanguage(recipient.ownerLanguage),
              appUrl,
            })
          : null,
    });
    if (sections.length === 0) result.silenced++;
    else if (sent) result.sent++;
  }
  return result;
}

/** The moment of the newest of `news`, to the microsecond (as PostgreSQL keeps it). */
function newest(news: DigestEvent[]): SQL {
  const micros = news.reduce((max, e) => (BigInt(e.micros) > max ? BigInt(e.micros) : max), 0n);
  return sql`(timestamptz 'epoch' + ${micros.toString()}::bigint * interval '1 microsecond')`;
}

/** The categories the company's switches let through, each with its count and newest items. */
function sectionsFor(recipient: DigestRecipient, news: DigestEvent[]): DigestSection[] {
  if (!recipient.email) return [];
  return DIGEST_CATEGORIES.filter((category) => recipient[category]).flatMap((category) => {
    const items = news
      .filter((e) => e.category === category)
      .sort((a, b) => b.at.getTime() - a.at.getTime());
    if (items.length === 0) return [];
    return [{ category, total: items[0]!.total, items }];
  });
}

/**
 * Moves the company's digest row past what this run saw (and, with an e-mail, marks it sent now
 * and puts the e-mail in the outbox), in one transaction, unless the row moved already (an e-mail
 * in the last DIGEST_INTERVAL_MINUTES, or this run's events covered). Answers whether it moved.
 */
async function settle(
  db: Db,
  input: {
    companyId: string;
    coveredUntil: SQL;
    now: Date;
    mail: ReturnType<typeof digestEmail> | null;
  },
): Promise<boolean> {
  const { companyId, coveredUntil, now, mail } = input;
  const intervalAgo = new Date(now.getTime() - DIGEST_INTERVAL_MINUTES * 60_000);
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .insert(notificationDigests)
      .values({ companyId, coveredUntil, lastSentAt: mail ? now : null })
      .onConflictDoUpdate({
        target: notificationDigests.companyId,
        set: {
          coveredUntil,
          lastSentAt: mail ? now : sql`${notificationDigests.lastSentAt}`,
        },
        setWhere: and(
          lt(notificationDigests.coveredUntil, coveredUntil),
          or(
            isNull(notificationDigests.lastSentAt),
            lte(notificationDigests.lastSentAt, intervalAgo),
          ),
        ),
      })
      .returning({ companyId: notificationDigests.companyId });
    if (!moved) return false;
    if (mail) await queueEmail(tx, mail);
    return true;
  });
}
