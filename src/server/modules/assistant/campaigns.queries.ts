/**
 * The campaigns' read model (issue 20, point 6): the customer's consents per company, the
 * companies whose campaigns may be due, and the members a campaign reaches (read only; the
 * consents and the campaign runs are written by consents.service.ts and campaigns.job.ts).
 */

import { type CampaignKind, REMINDER_IDLE_DAYS } from "@shared/assistant.schema";
import type { Plan } from "@shared/billing.schema";
import type { Language } from "@shared/languages";
import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../auth/auth.table";
import { profiles } from "../auth/profiles.table";
import { featurePlanSql } from "../billing/billing.queries";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { memberships } from "../customers/memberships.table";
import { stamps } from "../stamps/stamps.table";
import { assistantSettings, campaignRuns, marketingConsents } from "./assistant.table";
import { whatsappContacts } from "./whatsapp.table";

/** A live consent of the member for the company (a left join: null when there is none). */
const liveConsent = and(
  eq(marketingConsents.customerId, memberships.customerId),
  eq(marketingConsents.companyId, memberships.companyId),
  isNull(marketingConsents.revokedAt),
);

/** The companies the customer is a member of, by name, each with its live consent (or none). */
export function listCustomerConsents(db: Db, customerId: string) {
  return db
    .select({
      companyId: companies.id,
      companyName: companies.tradeName,
      grantedAt: marketingConsents.grantedAt,
    })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .leftJoin(marketingConsents, liveConsent)
    .where(eq(memberships.customerId, customerId))
    .orderBy(companies.tradeName, companies.id);
}

/** The customer's membership of the company with the company's name, or null (not a member). */
export async function findCustomerCompany(
  db: Db,
  customerId: string,
  companyId: string,
): Promise<{ companyId: string; companyName: string } | null> {
  const [row] = await db
    .select({ companyId: companies.id, companyName: companies.tradeName })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(and(eq(memberships.customerId, customerId), eq(memberships.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** A company's trade name (null: no such company). */
export async function findCompanyName(db: Db, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: companies.tradeName })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.name ?? null;
}

/** A company with the assistant on and a marketing switch on: what deciding its campaigns needs. */
export type CampaignCompany = {
  companyId: string;
  companyName: string;
  marketingPromotions: boolean;
  marketingReminders: boolean;
  promotionFrequency: "semanal" | "quinzenal" | "mensal";
  sendTime: string;
  plan: Plan | null;
  trialEndsAt: Date;
  paidUntil: Date | null;
  graceUntil: Date | null;
  subscriptionActive: boolean;
  promotionActive: boolean;
  promotionTitle: string | null;
  promotionDescription: string | null;
  promotionStartsOn: string | null;
  promotionEndsOn: string | null;
};

/** Every company whose assistant is on with at least one marketing switch on. */
export function listCampaignCompanies(db: Db): Promise<CampaignCompany[]> {
  return db
    .select({
      companyId: companies.id,
      companyName: companies.tradeName,
      marketingPromotions: assistantSettings.marketingPromotions,
      marketingReminders: assistantSettings.marketingReminders,
      promotionFrequency: assistantSettings.promotionFrequency,
      sendTime: assistantSettings.sendTime,
      // The plan paid for today (billing's read model), not the plan subscribed to.
      plan: featurePlanSql,
      trialEndsAt: companies.trialEndsAt,
      paidUntil: companies.paidUntil,
      graceUntil: companies.graceUntil,
      subscriptionActive: companies.subscriptionActive,
      promotionActive: companies.promotionActive,
      promotionTitle: companies.promotionTitle,
      promotionDescription: companies.promotionDescription,
      promotionStartsOn: companies.promotionStartsOn,
      promotionEndsOn: companies.promotionEndsOn,
    })
    .from(assistantSettings)
    .innerJoin(companies, eq(companies.id, assistantSettings.companyId))
    .where(
      and(
        eq(assistantSettings.enabled, true),
        // A closed company ('Fechar conta') sends no campaign.
        isNull(companies.closedAt),
        or(
          eq(assistantSettings.marketingPromotions, true),
          eq(assistantSettings.marketingReminders, true),
        ),
      ),
    )
    .orderBy(companies.id);
}

/** The period key (São Paulo date) of the company's latest campaign of `kind`, or null. */
export async function lastCampaignPeriod(
  db: Db,
  companyId: string,
  kind: CampaignKind,
): Promise<string | null> {
  const [row] = await db
    .select({ periodKey: campaignRuns.periodKey })
    .from(campaignRuns)
    .where(and(eq(campaignRuns.companyId, companyId), eq(campaignRuns.kind, kind)))
    .orderBy(desc(campaignRuns.periodKey))
    .limit(1);
  return row?.periodKey ?? null;
}

/** A member a campaign reaches: active, with a live consent and a confirmed e-mail address. */
export type CampaignRecipient = {
  customerId: string;
  name: string;
  email: string;
  phone: string | null;
  language: Language | null;
};

const recipientColumns = {
  customerId: memberships.customerId,
  name: profiles.name,
  email: profiles.email,
  phone: sql<string | null>`coalesce(${memberships.phone}, ${profiles.phone})`,
  language: profiles.language,
};

/** Active members of the company with a live consent and a confirmed e-mail address. */
const consenting = (companyId: string) =>
  and(
    eq(memberships.companyId, companyId),
    eq(memberships.status, "active"),
    eq(users.emailVerified, true),
  );

/** The promotion's recipients: every consenting active member. */
export function listPromotionRecipients(db: Db, companyId: string): Promise<CampaignRecipient[]> {
  return db
    .select(recipientColumns)
    .from(memberships)
    .innerJoin(marketingConsents, liveConsent)
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .innerJoin(users, eq(users.id, memberships.customerId))
    .where(consenting(companyId))
    .orderBy(memberships.customerId);
}

/** A reminder's recipient, with the unfinished card it is about. */
export type ReminderRecipient = CampaignRecipient & {
  stamps: number;
  stampsRequired: number;
  reward: string;
};

/**
 * The reminder's recipients: consenting active members with an unfinished card (active, below its
 * size) opened REMINDER_IDLE_DAYS or more ago and no stamp at the company since then (a rejected
 * claim does not count). One per member: the card closest to its reward.
 */
export async function listReminderRecipients(
  db: Db,
  companyId: string,
  now: Date,
): Promise<ReminderRecipient[]> {
  const since = new Date(now.getTime() - REMINDER_IDLE_DAYS * 24 * 60 * 60 * 1000);
  const rows = await db
    .select({
      ...recipientColumns,
      stamps: loyaltyCards.stamps,
      stampsRequired: loyaltyCards.maxStamps,
      reward: loyaltyCards.reward,
    })
    .from(memberships)
    .innerJoin(marketingConsents, liveConsent)
    .innerJoin(profiles, eq(profiles.id, memberships.customerId))
    .innerJoin(users, eq(users.id, memberships.customerId))
    .innerJoin(loyaltyCards, eq(loyaltyCards.membershipId, memberships.id))
    .where(
      and(
        consenting(companyId),
        eq(loyaltyCards.status, "active"),
        sql`${loyaltyCards.stamps} < ${loyaltyCards.maxStamps}`,
        lte(loyaltyCards.createdAt, since),
        sql`not exists (select 1 from ${stamps} where ${and(
          eq(stamps.companyId, companyId),
          eq(stamps.customerId, memberships.customerId),
          ne(stamps.status, "rejected"),
          gt(stamps.createdAt, since),
        )})`,
      ),
    )
    .orderBy(
      memberships.customerId,
      desc(sql`${loyaltyCards.stamps}::float / ${loyaltyCards.maxStamps}`),
    );
  const byCustomer = new Map<string, ReminderRecipient>();
  for (const row of rows) if (!byCustomer.has(row.customerId)) byCustomer.set(row.customerId, row);
  return [...byCustomer.values()];
}

/** The WhatsApp contact of each of these members at the company (those who ever wrote there). */
export async function listMemberContacts(
  db: Db,
  companyId: string,
  customerIds: string[],
): Promise<Map<string, string>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({ customerId: whatsappContacts.customerId, id: whatsappContacts.id })
    .from(whatsappContacts)
    .where(
      and(
        eq(whatsappContacts.companyId, companyId),
        inArray(whatsappContacts.customerId, customerIds),
      ),
    );
  return new Map(rows.flatMap((r) => (r.customerId ? [[r.customerId, r.id] as const] : [])));
}
