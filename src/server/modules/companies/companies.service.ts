import { randomUUID } from "node:crypto";
import type { PlanStatus } from "@shared/billing.schema";
import { type ClaimOptions, SOCIAL_NETWORKS, type SocialNetwork } from "@shared/claims.schema";
import type { CompanySummary, PublicCompany, SpecialPromotion } from "@shared/companies.schema";
import { and, asc, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { saoPauloToday } from "../../db/time-zone";
import { companies } from "./companies.table";

export type CompanyRow = typeof companies.$inferSelect;

type CompanyValues = typeof companies.$inferInsert;

const toSummary = (c: CompanyRow): CompanySummary => ({
  id: c.id,
  tradeName: c.tradeName,
  email: c.email,
  phone: c.phone,
  city: c.city,
  state: c.state,
  sector: c.sector,
  logoUrl: c.logoUrl,
  subscriptionActive: c.subscriptionActive,
  trialEndsAt: c.trialEndsAt.toISOString(),
  planStatus: planStatus(c, new Date()),
  plan: c.plan ?? null,
  defaultMaxStamps: c.defaultMaxStamps,
});

/**
 * SQL: the company's trial is over, no paid period runs and no overdue charge's grace either (the
 * panel is read-only).
 */
export const planExpiredSql = sql<boolean>`(${companies.trialEndsAt} <= now() and coalesce(${companies.paidUntil} > now(), false) = false and coalesce(${companies.graceUntil} > now(), false) = false)`;

/** The same rule as planExpiredSql, for a row already read, with which of the open states. */
export function planStatus(
  c: Pick<CompanyRow, "trialEndsAt" | "paidUntil" | "graceUntil">,
  now: Date,
): PlanStatus {
  if (c.paidUntil && c.paidUntil > now) return "paid";
  if (c.trialEndsAt > now) return "trial";
  if (c.graceUntil && c.graceUntil > now) return "grace";
  return "expired";
}

/** The company owned by the signed-in admin (null for customers). */
export async function findCompanyOfOwner(db: Db, ownerId: string): Promise<CompanySummary | null> {
  const [row] = await db.select().from(companies).where(eq(companies.ownerId, ownerId)).limit(1);
  return row ? toSummary(row) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What anyone may see of a company (the welcome card of a sign-up link). */
export async function findPublicCompany(db: Db, id: string): Promise<PublicCompany | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({
      id: companies.id,
      tradeName: companies.tradeName,
      city: companies.city,
      state: companies.state,
      sector: companies.sector,
      logoUrl: companies.logoUrl,
    })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row ?? null;
}

/** The claims the company's loyalty rules allow its customers. */
export async function findClaimOptions(db: Db, companyId: string): Promise<ClaimOptions> {
  const [row] = await db
    .select({
      social: companies.allowsSocialStamps,
      networks: companies.socialNetworks,
      review: companies.allowsReviewStamps,
      reviewUrl: companies.googleReviewUrl,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const networks = row?.social
    ? SOCIAL_NETWORKS.filter((n): n is SocialNetwork => row.networks.includes(n))
    : [];
  return {
    receipt: Boolean(row),
    socialNetworks: networks,
    googleReviewUrl: row?.review ? row.reviewUrl : null,
  };
}

/** The directory's city filter: the cities of companies with an active subscription, sorted. */
export async function listDirectoryCities(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ city: sql<string>`btrim(${companies.city})` })
    .from(companies)
    .where(
      and(
        eq(companies.subscriptionActive, true),
        isNotNull(companies.city),
        ne(sql`btrim(${companies.city})`, ""),
      ),
    )
    .orderBy(sql`btrim(${companies.city})`)
    .limit(500);
  return rows.map((r) => r.city);
}

/**
 * Special promotions customers see: active, with a description, and today (São Paulo calendar)
 * within their dates when they have dates; of companies with an active subscription.
 */
function runningPromotions(db: Db) {
  const today = saoPauloToday();
  return {
    query: db
      .select({
        companyId: companies.id,
        companyName: companies.tradeName,
        city: companies.city,
        state: companies.state,
        title: companies.promotionTitle,
        description: companies.promotionDescription,
        startsOn: companies.promotionStartsOn,
        endsOn: companies.promotionEndsOn,
      })
      .from(companies),
    running: and(
      eq(companies.subscriptionActive, true),
      eq(companies.promotionActive, true),
      isNotNull(companies.promotionDescription),
      ne(sql`btrim(${companies.promotionDescription})`, ""),
      sql`(${companies.promotionStartsOn} is null or ${companies.promotionStartsOn} <= ${today})`,
      sql`(${companies.promotionEndsOn} is null or ${companies.promotionEndsOn} >= ${today})`,
    ),
  };
}

const toPromotion = (r: {
  title: string | null;
  description: string | null;
}): Pick<SpecialPromotion, "title" | "description"> => ({
  title: r.title ?? "",
  description: r.description ?? "",
});

export async function listSpecialPromotions(db: Db): Promise<SpecialPromotion[]> {
  const { query, running } = runningPromotions(db);
  const rows = await query
    .where(running)
    .orderBy(asc(companies.promotionEndsOn), asc(companies.tradeName))
    .limit(100);
  return rows.map((r) => ({ ...r, ...toPromotion(r) }));
}

/** The company's special promotion when it is running today (its page for customers). */
export async function findRunningPromotion(
  db: Db,
  companyId: string,
): Promise<SpecialPromotion | null> {
  const { query, running } = runningPromotions(db);
  const [row] = await query.where(and(eq(companies.id, companyId), running)).limit(1);
  return row ? { ...row, ...toPromotion(row) } : null;
}

// ---------------------------------------------------------------------------------------------
// Writing a company: sign-up, its details and logo (company-data), its rules (settings)

/** A new company as the owner's sign-up makes it (inside the sign-up's transaction). */
type NewCompany = Pick<
  CompanyValues,
  | "ownerId"
  | "tradeName"
  | "email"
  | "phone"
  | "city"
  | "state"
  | "sector"
  | "subscriptionActive"
  | "trialEndsAt"
>;

/** Creates the company of a new owner; returns its id. */
export async function createCompany(tx: Db, company: NewCompany): Promise<string> {
  const id = randomUUID();
  await tx.insert(companies).values({ id, ...company });
  return id;
}

/** The company's row, or null. */
export async function findCompany(db: Db, companyId: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row ?? null;
}

/** The company's row locked until the caller's transaction ends (writes queue behind it), or null. */
export async function lockCompany(tx: Db, companyId: string): Promise<CompanyRow | null> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, companyId)).for("update");
  return row ?? null;
}

/** Sets some columns of the company (and its updatedAt); the row after, or null when it is gone. */
async function updateCompany(
  db: Db,
  companyId: string,
  values: Partial<CompanyValues>,
): Promise<CompanyRow | null> {
  const [row] = await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning();
  return row ?? null;
}

/** What /dados-empresa and /dados-usuario change: names, contacts, place, links, colour. */
export type CompanyDetails = Partial<
  Pick<
    CompanyValues,
    | "tradeName"
    | "email"
    | "phone"
    | "whatsapp"
    | "website"
    | "city"
    | "state"
    | "sector"
    | "summary"
    | "instagram"
    | "facebook"
    | "linkedin"
    | "youtube"
    | "tiktok"
    | "x"
    | "googleReviewUrl"
    | "brandColor"
    | "locationChangedAt"
  >
>;

export const saveCompanyDetails = (db: Db, companyId: string, details: CompanyDetails) =>
  updateCompany(db, companyId, details);

/** Points the company at its new logo (served by the company-data module). */
export const saveCompanyLogoUrl = (db: Db, companyId: string, logoUrl: string) =>
  updateCompany(db, companyId, { logoUrl });

/** The loyalty rules ('Regras de fidelidade'): the stamps each method is worth, birthday. */
type CompanyLoyaltyRules = Pick<
  CompanyValues,
  | "purchaseStamps"
  | "allowsReviewStamps"
  | "reviewStamps"
  | "reviewBonus"
  | "allowsSocialStamps"
  | "socialStamps"
  | "socialBonus"
  | "socialNetworks"
  | "birthdayEnabled"
  | "birthdayStamps"
  | "birthdayPromotion"
>;

export const saveCompanyLoyaltyRules = (db: Db, companyId: string, rules: CompanyLoyaltyRules) =>
  updateCompany(db, companyId, rules);

/** The referral rules ('Regras de indicação'). */
type CompanyReferralRules = Pick<
  CompanyValues,
  | "referralEnabled"
  | "referredStamps"
  | "referrerStamps"
  | "referredBonusCents"
  | "referrerBonusCents"
  | "referralMonthlyCap"
>;

export const saveCompanyReferralRules = (db: Db, companyId: string, rules: CompanyReferralRules) =>
  updateCompany(db, companyId, rules);

/** The special promotion ('Promoção especial'). */
type CompanyPromotion = Pick<
  CompanyValues,
  | "promotionActive"
  | "promotionTitle"
  | "promotionDescription"
  | "promotionStartsOn"
  | "promotionEndsOn"
>;

export const saveCompanyPromotion = (db: Db, companyId: string, promotion: CompanyPromotion) =>
  updateCompany(db, companyId, promotion);

/**
 * The company's plan state as billing computes it from its invoices (in billing's transaction):
 * the plan, the end of the paid period, the overdue charge's grace. `trialEndsAt` only for the dev
 * clock (development and tests move the company's dates back).
 */
type CompanyBillingState = Pick<CompanyValues, "plan" | "paidUntil" | "graceUntil"> &
  Partial<Pick<CompanyValues, "trialEndsAt">>;

export const saveCompanyBillingState = (db: Db, companyId: string, state: CompanyBillingState) =>
  updateCompany(db, companyId, state);

/** Partnerships ('parceria_ativa', 'parceria_descricao'): open to partners, and what it offers them. */
type CompanyPartnershipSettings = Pick<
  CompanyValues,
  "partnershipEnabled" | "partnershipDescription"
>;

export const saveCompanyPartnershipSettings = (
  db: Db,
  companyId: string,
  settings: CompanyPartnershipSettings,
) => updateCompany(db, companyId, settings);
