import type { Language } from "@shared/languages";
import type { BonusEntry, CompanyReferral, ReferralState } from "@shared/referrals.schema";
import {
  type CompanyReferralPage,
  type CustomerBonus,
  type ListReferralsQuery,
  type MyReferral,
  REFERRAL_PAGE_SIZE,
  type ReferralLink,
  referralLinkPath,
} from "@shared/referrals.schema";
import { and, count, desc, eq, gte, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { inSaoPaulo } from "../../db/time-zone";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";
import { profileMemberStatus } from "../customers/memberships.queries";
import { memberships } from "../customers/memberships.table";
import { bonusEntries, referrals } from "./referrals.table";

/** Bonus entries shown with a customer's balance. */
const BONUS_ENTRIES_SHOWN = 20;

/**
 * The referrals' read model: the company's rules and the people involved, with names, for the
 * service's decisions and the screens (read only; referrals.service.ts writes).
 */

export type ReferralRulesRow = {
  companyName: string;
  enabled: boolean;
  referredStamps: number;
  referrerStamps: number;
  referredBonusCents: number;
  referrerBonusCents: number;
  monthlyCap: number;
};

const rulesColumns = {
  companyName: companies.tradeName,
  enabled: companies.referralEnabled,
  referredStamps: companies.referredStamps,
  referrerStamps: companies.referrerStamps,
  referredBonusCents: companies.referredBonusCents,
  referrerBonusCents: companies.referrerBonusCents,
  monthlyCap: companies.referralMonthlyCap,
};

/** The company's referral rules as they are now, or null for an unknown company. */
export async function findReferralRules(
  db: Db,
  companyId: string,
): Promise<ReferralRulesRow | null> {
  const [row] = await db
    .select(rulesColumns)
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? null;
}

export type ReferralPerson = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  language: Language | null;
  /** Their membership at the company: null when they are not a member. */
  membershipId: string | null;
  memberStatus: "active" | "inactive" | null;
};

/** A customer as the referral rules see them at one company (null: no such customer). */
export async function findReferralPerson(
  db: Db,
  companyId: string,
  customerId: string,
): Promise<ReferralPerson | null> {
  const [row] = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      email: profiles.email,
      phone: profiles.phone,
      language: profiles.language,
      membershipId: memberships.id,
      memberStatus: profileMemberStatus,
    })
    .from(profiles)
    .leftJoin(
      memberships,
      and(eq(memberships.customerId, profiles.id), eq(memberships.companyId, companyId)),
    )
    .where(and(eq(profiles.id, customerId), eq(profiles.role, "customer")))
    .limit(1);
  return row ?? null;
}

const referrer = alias(profiles, "referrer");
const referred = alias(profiles, "referred");

/** One page of the company's referrals, newest first, with both names. */
export async function listCompanyReferrals(
  db: Db,
  companyId: string,
  { state, limit, offset }: { state?: ReferralState; limit: number; offset: number },
): Promise<{ items: CompanyReferral[]; total: number; held: number }> {
  const where = and(
    eq(referrals.companyId, companyId),
    state ? eq(referrals.state, state) : undefined,
  );
  const [rows, [totals], [held]] = await Promise.all([
    db
      .select({
        id: referrals.id,
        referrerId: referrals.referrerId,
        referrerName: referrer.name,
        referredId: referrals.referredId,
        referredName: referred.name,
        state: referrals.state,
        reason: referrals.reason,
        createdAt: referrals.createdAt,
        qualifiedAt: referrals.qualifiedAt,
        rewardedAt: referrals.rewardedAt,
      })
      .from(referrals)
      .innerJoin(referrer, eq(referrer.id, referrals.referrerId))
      .innerJoin(referred, eq(referred.id, referrals.referredId))
      .where(where)
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(referrals).where(where),
    db
      .select({ n: count() })
      .from(referrals)
      .where(and(eq(referrals.companyId, companyId), eq(referrals.state, "held"))),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      qualifiedAt: r.qualifiedAt?.toISOString() ?? null,
      rewardedAt: r.rewardedAt?.toISOString() ?? null,
    })),
    total: totals?.n ?? 0,
    held: held?.n ?? 0,
  };
}

const staff = alias(profiles, "staff");

/** The member's bonus entries at the company, newest first, with who used them. */
export async function listBonusEntries(
  db: Db,
  companyId: string,
  customerId: string,
  limit: number,
): Promise<BonusEntry[]> {
  const rows = await db
    .select({
      id: bonusEntries.id,
      kind: bonusEntries.kind,
      amountCents: bonusEntries.amountCents,
      note: bonusEntries.note,
      byName: staff.name,
      createdAt: bonusEntries.createdAt,
    })
    .from(bonusEntries)
    .leftJoin(staff, eq(staff.id, bonusEntries.byUserId))
    .where(and(eq(bonusEntries.companyId, companyId), eq(bonusEntries.customerId, customerId)))
    .orderBy(desc(bonusEntries.createdAt), desc(bonusEntries.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** The member's bonus balance at the company, in cents. */
export async function bonusBalance(db: Db, companyId: string, customerId: string): Promise<number> {
  const [row] = await db
    .select({ cents: sql<number>`coalesce(sum(${bonusEntries.amountCents}), 0)::int` })
    .from(bonusEntries)
    .where(and(eq(bonusEntries.companyId, companyId), eq(bonusEntries.customerId, customerId)));
  return Number(row?.cents ?? 0);
}

/** 'Indicações': one page of the company's referrals (a state filter), and how many are held. */
export async function listReferrals(
  db: Db,
  actor: CompanyActor,
  query: ListReferralsQuery,
): Promise<CompanyReferralPage> {
  const { items, total, held } = await listCompanyReferrals(db, actor.companyId, {
    state: query.state,
    limit: REFERRAL_PAGE_SIZE,
    offset: (query.page - 1) * REFERRAL_PAGE_SIZE,
  });
  return { items, total, held, page: query.page, pageSize: REFERRAL_PAGE_SIZE };
}

/** The member's referral card on their company page, or 404 when they are not a member. */
export async function getMyReferral(
  db: Db,
  customerId: string,
  companyId: string,
): Promise<MyReferral> {
  const [rules, me] = await Promise.all([
    findReferralRules(db, companyId),
    findReferralPerson(db, companyId, customerId),
  ]);
  if (!rules || !me?.membershipId) throw new AppError("not_found", 404, "Company not found");
  const [[counts], balanceCents] = await Promise.all([
    db
      .select({
        friends: sql<number>`count(*) filter (where ${referrals.state} <> 'blocked')::int`,
        rewarded: sql<number>`count(*) filter (where ${referrals.state} = 'rewarded')::int`,
      })
      .from(referrals)
      .where(and(eq(referrals.companyId, companyId), eq(referrals.referrerId, customerId))),
    bonusBalance(db, companyId, customerId),
  ]);
  return {
    invitation: await myInvitation(db, companyId, customerId),
    enabled: rules.enabled,
    linkPath: referralLinkPath(companyId, customerId),
    referredStamps: rules.referredStamps,
    referrerStamps: rules.referrerStamps,
    referredBonusCents: rules.referredBonusCents,
    referrerBonusCents: rules.referrerBonusCents,
    friends: Number(counts?.friends ?? 0),
    rewarded: Number(counts?.rewarded ?? 0),
    balanceCents,
  };
}

/** How the customer's own joining through a friend's link went (never why it was blocked). */
async function myInvitation(
  db: Db,
  companyId: string,
  customerId: string,
): Promise<MyReferral["invitation"]> {
  const [row] = await db
    .select({ state: referrals.state })
    .from(referrals)
    .where(and(eq(referrals.companyId, companyId), eq(referrals.referredId, customerId)))
    .limit(1);
  if (!row) return null;
  if (row.state === "blocked") return "not_credited";
  return row.state === "held" ? "held" : "credited";
}

/** The referrer's referrals at the company counted against the cap this month (São Paulo). */
export async function referralsThisMonth(db: Db, companyId: string, referrerId: string) {
  const monthStart = sql`(date_trunc('month', ${inSaoPaulo(sql`now()`)}) at time zone 'America/Sao_Paulo')`;
  const [row] = await db
    .select({ n: count() })
    .from(referrals)
    .where(
      and(
        eq(referrals.companyId, companyId),
        eq(referrals.referrerId, referrerId),
        ne(referrals.state, "blocked"),
        gte(referrals.createdAt, monthStart),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Whether a member's personal link would credit anyone if a new friend joined now: the company's
 * programme on, the referrer an active member of it, under the monthly cap (the referrals this São
 * Paulo month that were not blocked, as recordReferral counts them). Unknown ids: false.
 */
export async function referralLinkCredits(
  db: Db,
  companyId: string,
  referrerId: string,
): Promise<ReferralLink> {
  const [rules, referrer] = await Promise.all([
    findReferralRules(db, companyId),
    findReferralPerson(db, companyId, referrerId),
  ]);
  if (!rules?.enabled || !referrer?.membershipId || referrer.memberStatus !== "active")
    return { credits: false };
  return { credits: (await referralsThisMonth(db, companyId, referrerId)) < rules.monthlyCap };
}

/** A member's bonus at the company: balance and the latest entries (404 for a non-member). */
export async function getCustomerBonus(
  db: Db,
  companyId: string,
  customerId: string,
): Promise<CustomerBonus> {
  const person = await findReferralPerson(db, companyId, customerId);
  if (!person?.membershipId) throw new AppError("not_found", 404, "Customer not found");
  const [balanceCents, entries] = await Promise.all([
    bonusBalance(db, companyId, customerId),
    listBonusEntries(db, companyId, customerId, BONUS_ENTRIES_SHOWN),
  ]);
  return { balanceCents, entries };
}
