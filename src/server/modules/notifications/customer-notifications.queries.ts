import { and, desc, eq, gt, inArray, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../auth/profiles.table";
import { birthdayGifts } from "../birthdays/birthdays.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { memberships } from "../customers/memberships.table";
import { customerMessages } from "../messages/messages.table";
import { referrals } from "../referrals/referrals.table";
import { stamps } from "../stamps/stamps.table";

/**
 * The customer bell's read model (GET /api/me/notifications): what happened to one customer since
 * `since`, newest first, with the company's name. Read only; the read marks are written by
 * customer-notifications.service.ts. Every query is scoped by the customer's id and answered by
 * an index on it (the customer's cards, messages and memberships, the referrer's referrals; the
 * birthday gifts and the friend's referral through the customer's memberships).
 */

type Window = { customerId: string; since: Date; limit: number };

const after = (since: Date): SQL => sql`${since.toISOString()}::timestamptz`;

/** The companies' answers to the customer's messages and their notices (the birthday message). */
export function listCompanyRepliesSince(db: Db, { customerId, since, limit }: Window) {
  return db
    .select({
      id: customerMessages.id,
      companyId: customerMessages.companyId,
      companyName: companies.tradeName,
      body: customerMessages.body,
      subject: customerMessages.subject,
      at: customerMessages.createdAt,
    })
    .from(customerMessages)
    .innerJoin(companies, eq(companies.id, customerMessages.companyId))
    .where(
      and(
        eq(customerMessages.customerId, customerId),
        eq(customerMessages.sender, "company"),
        gt(customerMessages.createdAt, after(since)),
      ),
    )
    .orderBy(desc(customerMessages.createdAt))
    .limit(limit);
}

/**
 * Stamps the customer received on their cards (staff stamps and approved claims), by when they
 * were approved. Birthday and referral stamps are left out: the birthday gift and the referral's
 * own notices say how many stamps they gave.
 */
export function listStampsReceivedSince(db: Db, { customerId, since, limit }: Window) {
  const approvedAt = sql<Date>`${stamps.approvedAt}`.mapWith(stamps.approvedAt);
  return db
    .select({
      id: stamps.id,
      companyId: stamps.companyId,
      companyName: companies.tradeName,
      method: stamps.method,
      count: stamps.count,
      at: approvedAt,
    })
    .from(loyaltyCards)
    .innerJoin(stamps, eq(stamps.cardId, loyaltyCards.id))
    .innerJoin(companies, eq(companies.id, stamps.companyId))
    .where(
      and(
        eq(loyaltyCards.customerId, customerId),
        eq(stamps.customerId, customerId),
        eq(stamps.status, "approved"),
        gt(stamps.count, 0),
        notInArray(stamps.method, ["birthday", "referral"]),
        gt(stamps.approvedAt, after(since)),
      ),
    )
    .orderBy(desc(stamps.approvedAt))
    .limit(limit);
}

/** The customer's cards completed since `since` (with the reward written on the card). */
export function listCardsCompletedSince(db: Db, { customerId, since, limit }: Window) {
  return db
    .select({
      id: loyaltyCards.id,
      companyId: loyaltyCards.companyId,
      companyName: companies.tradeName,
      reward: loyaltyCards.reward,
      at: sql<Date>`${loyaltyCards.completedAt}`.mapWith(loyaltyCards.completedAt),
    })
    .from(loyaltyCards)
    .innerJoin(companies, eq(companies.id, loyaltyCards.companyId))
    .where(and(eq(loyaltyCards.customerId, customerId), gt(loyaltyCards.completedAt, after(since))))
    .orderBy(desc(loyaltyCards.completedAt))
    .limit(limit);
}

/** The birthday gifts the customer got since `since` (through the customer's memberships). */
export function listBirthdayGiftsSince(db: Db, { customerId, since, limit }: Window) {
  return db
    .select({
      id: birthdayGifts.id,
      companyId: birthdayGifts.companyId,
      companyName: companies.tradeName,
      stamps: birthdayGifts.stamps,
      at: birthdayGifts.createdAt,
    })
    .from(memberships)
    .innerJoin(
      birthdayGifts,
      and(
        eq(birthdayGifts.companyId, memberships.companyId),
        eq(birthdayGifts.customerId, memberships.customerId),
      ),
    )
    .innerJoin(companies, eq(companies.id, birthdayGifts.companyId))
    .where(and(eq(memberships.customerId, customerId), gt(birthdayGifts.createdAt, after(since))))
    .orderBy(desc(birthdayGifts.createdAt))
    .limit(limit);
}

/**
 * The customer's referrals that were rewarded since `since` (the customer is the referrer), with
 * the friend's name and what the customer got.
 */
export function listReferralRewardsSince(db: Db, { customerId, since, limit }: Window) {
  return db
    .select({
      id: referrals.id,
      companyId: referrals.companyId,
      companyName: companies.tradeName,
      friendName: profiles.name,
      stamps: referrals.referrerStamps,
      bonusCents: referrals.referrerBonusCents,
      at: sql<Date>`${referrals.rewardedAt}`.mapWith(referrals.rewardedAt),
    })
    .from(referrals)
    .innerJoin(companies, eq(companies.id, referrals.companyId))
    .innerJoin(profiles, eq(profiles.id, referrals.referredId))
    .where(
      and(
        eq(referrals.referrerId, customerId),
        eq(referrals.state, "rewarded"),
        gt(referrals.rewardedAt, after(since)),
      ),
    )
    .orderBy(desc(referrals.rewardedAt))
    .limit(limit);
}

/**
 * The welcome the customer got as a referred friend since `since` (welcome stamps or bonus, once
 * the referral is not held or blocked), through the customer's memberships.
 */
export function listReferralWelcomesSince(db: Db, { customerId, since, limit }: Window) {
  return db
    .select({
      id: referrals.id,
      companyId: referrals.companyId,
      companyName: companies.tradeName,
      stamps: referrals.referredStamps,
      bonusCents: referrals.referredBonusCents,
      at: referrals.createdAt,
    })
    .from(memberships)
    .innerJoin(
      referrals,
      and(
        eq(referrals.companyId, memberships.companyId),
        eq(referrals.referredId, memberships.customerId),
      ),
    )
    .innerJoin(companies, eq(companies.id, referrals.companyId))
    .where(
      and(
        eq(memberships.customerId, customerId),
        inArray(referrals.state, ["pending", "qualified", "rewarded"]),
        or(gt(referrals.referredStamps, 0), gt(referrals.referredBonusCents, 0)),
        gt(referrals.createdAt, after(since)),
      ),
    )
    .orderBy(desc(referrals.createdAt))
    .limit(limit);
}
