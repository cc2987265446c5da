/**
 * The import's e-mail limits (issue 31): a company e-mails at most IMPORT_INVITATIONS_PER_DAY
 * invitations a day (São Paulo's day), each address within the app-wide e-mails-per-address
 * limit; the rest wait, scheduled, for the daily run of the `customer-import` job, which sends
 * as many as the day allows. Every step holds the company's import lock.
 */
import { IMPORT_INVITATIONS_PER_DAY } from "@shared/customer-imports";
import { SAO_PAULO_TIME_ZONE } from "@shared/dates";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { advisoryLock } from "../../db/advisory-lock";
import type { Db } from "../../db/client";
import { EMAIL_SEND_LIMITS, hitRateLimits } from "../../rate-limits";
import { findPublicCompany } from "../companies/companies.queries";
import { queueEmails } from "../mail/outbox";
import { importInvitationMails } from "./import-mail";
import { customerImportRows } from "./imports.table";
import { newLink } from "./invitations.service";
import { customerInvitations } from "./invitations.table";

/** The company's import e-mails sent since midnight in São Paulo (the daily limit's count). */
export async function sentToday(tx: Db, companyId: string): Promise<number> {
  const i = customerInvitations;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(i)
    .where(
      and(
        eq(i.companyId, companyId),
        isNotNull(i.importId),
        isNotNull(i.email),
        sql`${i.sentAt} >= (date_trunc('day', now() at time zone ${SAO_PAULO_TIME_ZONE}) at time zone ${SAO_PAULO_TIME_ZONE})`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Which of these e-mails go out now, in order, as one call per e-mail would decide: each while the
 * day's `room` lasts, and within the app-wide e-mails-per-address limit (counted like every
 * invitation e-mail; an address over it waits for a later day and leaves its place to the next).
 */
export async function sendableNow(tx: Db, emails: string[], room: number): Promise<boolean[]> {
  const { perAddress } = EMAIL_SEND_LIMITS;
  const now = new Array<boolean>(emails.length).fill(false);
  let next = 0;
  while (room > 0 && next < emails.length) {
    const from = next;
    const batch = emails.slice(from, from + room);
    next += batch.length;
    const within = await hitRateLimits(
      tx,
      batch.map((email) => `${perAddress.bucket}:${email}`),
      perAddress,
    );
    within.forEach((ok, k) => {
      if (!ok) return;
      now[from + k] = true;
      room--;
    });
  }
  return now;
}

/**
 * The scheduled invitations' e-mails (the daily run): per company, the oldest first, as many as
 * today's limit leaves; each gets its link and expiry now, and its row becomes 'invited'.
 */
export async function sendScheduledInvitations(deps: {
  db: Db;
  appUrl: string;
}): Promise<{ sent: number }> {
  const { db } = deps;
  const i = customerInvitations;
  const waiting = and(
    isNotNull(i.importId),
    isNotNull(i.email),
    isNull(i.sentAt),
    isNull(i.acceptedAt),
    isNull(i.declinedAt),
  );
  const companies = await db.selectDistinct({ companyId: i.companyId }).from(i).where(waiting);
  let sent = 0;
  for (const { companyId } of companies) {
    const companyName = (await findPublicCompany(db, companyId))?.tradeName ?? "";
    const mail = importInvitationMails(deps.appUrl, companyName);
    sent += await db.transaction(async (tx) => {
      await advisoryLock(tx, `customer-import:${companyId}`);
      const room = IMPORT_INVITATIONS_PER_DAY - (await sentToday(tx, companyId));
      if (room <= 0) return 0;
      const due = await tx
        .select({ id: i.id, importId: i.importId, email: i.email, stamps: i.pendingStamps })
        .from(i)
        .where(and(eq(i.companyId, companyId), waiting))
        .orderBy(asc(i.createdAt), asc(i.id))
        .limit(room);
      const now = await sendableNow(
        tx,
        due.map((invitation) => invitation.email!),
        room,
      );
      const sending = due
        .filter((_, k) => now[k])
        .map((invitation) => ({ ...invitation, ...newLink() }));
      if (sending.length === 0) return 0;
      // Each gets its link (a new token) and expiry now: one statement, the links as one JSON.
      const links = sending.map(({ id, tokenHash, expiresAt }) => ({ id, tokenHash, expiresAt }));
      await tx.execute(sql`
        update ${i} set token_hash = v."tokenHash", expires_at = v."expiresAt",
          sent_at = ${new Date().toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(links)}::json)
          as v(id text, "tokenHash" text, "expiresAt" timestamptz)
        where ${i.id} = v.id`);
      await queueEmails(
        tx,
        sending.map((s) => mail(s.email!, s.token, s.stamps)),
      );
      const ids = sending.map((s) => s.id);
      await tx
        .update(customerImportRows)
        .set({ outcome: "invited" })
        .where(
          and(
            inArray(customerImportRows.importId, [...new Set(sending.map((s) => s.importId!))]),
            sql`${customerImportRows.invitationId} = any(${sql.param(ids)}::text[])`,
          ),
        );
      return sending.length;
    });
  }
  return { sent };
}
