/**
 * The birthday gifts (flow: decision 022), the job `birthday-gifts`. Each gift is one transaction,
 * opened here: the gift row (birthdays), the rule's stamps (flows/give-stamp.ts), the in-app notice
 * (messages) and the e-mail (the outbox).
 */
import { birthdaysOn, saoPauloDate } from "@shared/dates";
import { toLanguage } from "@shared/languages";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { log } from "../lib/log";
import { type BirthdayMember, listBirthdayMembers } from "../modules/birthdays/birthdays.queries";
import {
  claimBirthdayGift,
  giftMail,
  recordGiftStamps,
} from "../modules/birthdays/birthdays.service";
import type { JobDefinition } from "../modules/jobs/jobs.service";
import { birthdayNotice, type Logger } from "../modules/mail/mail.service";
import { queueEmail } from "../modules/mail/outbox";
import { sendCompanyNotice } from "../modules/messages/messages.service";
import { giveRuleStamps } from "./give-stamp";

export type BirthdayGiftDeps = { db: Db; appUrl: string; logger?: Logger };

/** What one run did: companies with birthdays today (rule on), gifts given now, members skipped. */
export type BirthdayGiftsResult = { companies: number; gifted: number; skipped: number };

/**
 * The birthday rule's daily run (the job `birthday-gifts`, 08:00 São Paulo time): every active
 * member whose birthday is today in São Paulo (29 February counts on 28 February in other years),
 * of every company whose birthday rule is on, gets the rule's stamps (method `birthday`, on the
 * open card of the default programme, completing it like any stamp) and the rule's message, in
 * the app (a notice from the company, GET /api/me/replies) and by e-mail in their language.
 *
 * Once per member, company and year whatever happens: each gift is one transaction that first
 * inserts its `birthday_gifts` row (unique company, customer, year), so a second run, or another
 * app server running at the same moment, inserts nothing and gives nothing. The e-mail is written
 * to the outbox in the gift's transaction, so it exists exactly when the gift does, and the
 * outbox's worker sends it (retrying while SMTP is down). A member
 * whose open card is complete (waiting for its reward) is skipped and logged.
 */
export async function grantBirthdayGifts(
  deps: BirthdayGiftDeps,
  now: Date = new Date(),
): Promise<BirthdayGiftsResult> {
  const logger = deps.logger ?? log;
  const today = saoPauloDate(now);
  const year = Number(today.slice(0, 4));
  const members = await listBirthdayMembers(deps.db, { monthDays: birthdaysOn(today), year });
  const result: BirthdayGiftsResult = {
    companies: new Set(members.map((m) => m.companyId)).size,
    gifted: 0,
    skipped: 0,
  };
  for (const member of members) {
    const gift = member.gifted ? null : await giveGift(deps, member, { year, today }, logger);
    if (gift) result.gifted++;
    else result.skipped++;
  }
  return result;
}

/**
 * One member's gift in one transaction: the gift row (nothing more when this year's is already
 * there), the stamps, the in-app notice and the e-mail (outbox). Null when no gift was given now.
 */
async function giveGift(
  { db, appUrl }: BirthdayGiftDeps,
  member: BirthdayMember,
  { year, today }: { year: number; today: string },
  logger: Logger,
): Promise<{ stamps: number } | null> {
  try {
    return await db.transaction(async (tx) => {
      const giftId = await claimBirthdayGift(tx, member, { year, today });
      if (!giftId) return null;
      const { cardId, added } = await giveRuleStamps(
        tx,
        { id: member.membershipId, companyId: member.companyId, customerId: member.customerId },
        "birthday",
      );
      await recordGiftStamps(tx, giftId, { stamps: added, cardId });
      await sendCompanyNotice(tx, {
        companyId: member.companyId,
        customerId: member.customerId,
        ...birthdayNotice({
          companyName: member.companyName,
          stamps: added,
          message: member.message,
          language: toLanguage(member.language),
        }),
      });
      await queueEmail(tx, giftMail(member, added, appUrl));
      return { stamps: added };
    });
  } catch (error) {
    // A complete card waiting for its reward (409), a member who just left: no gift today, and
    // the run goes on. Database errors fail the run (the job retries; given gifts stay given).
    if (error instanceof AppError) {
      logger.warn(
        `[birthday-gifts] no gift for customer ${member.customerId} of company ${member.companyId}: ${error.code}`,
      );
      return null;
    }
    throw error;
  }
}

/** Birthday gifts: every day at 08:00 in São Paulo, once per member, company and year. */
export const BIRTHDAY_GIFTS_JOB: JobDefinition<BirthdayGiftDeps> = {
  name: "birthday-gifts",
  cron: "0 8 * * *",
  handler: (deps, now) => grantBirthdayGifts(deps, now),
};
