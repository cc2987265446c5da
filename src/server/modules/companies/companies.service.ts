import { randomUUID } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CompanyRow } from "./companies.queries";
import { companies } from "./companies.table";

type CompanyValues = typeof companies.$inferInsert;

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

/** The counter's rules ('Regras do Programa': interval, daily cap, stamps by value, self-stamp). */
type CompanyCounterRules = Pick<
  CompanyValues,
  | "stampIntervalMinutes"
  | "dailyStampCap"
  | "stampValueCents"
  | "maxStampsPerPurchase"
  | "selfStampEnabled"
>;

export const saveCompanyCounterRules = (db: Db, companyId: string, rules: CompanyCounterRules) =>
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

/** 'Fechar conta' (issue 34): the day the account was closed, or null when restored. */
export const saveCompanyClosedAt = (db: Db, companyId: string, closedAt: Date | null) =>
  updateCompany(db, companyId, { closedAt });

/** Deletes a closed company and, by cascade, everything it holds (its invoices are kept, unlinked). */
export async function deleteClosedCompany(tx: Db, companyId: string): Promise<boolean> {
  const gone = await tx
    .delete(companies)
    .where(and(eq(companies.id, companyId), isNotNull(companies.closedAt)))
    .returning({ id: companies.id });
  return gone.length > 0;
}

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

/**
 * The live company's sandbox (issue 33: test API keys act here), made on first use as a copy of
 * the company's rules and look: its own members, cards and stamps. Answers its id.
 */
export async function ensureSandboxCompany(tx: Db, liveCompanyId: string): Promise<string> {
  const [existing] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.sandboxOf, liveCompanyId))
    .limit(1);
  if (existing) return existing.id;
  const [live] = await tx.select().from(companies).where(eq(companies.id, liveCompanyId)).limit(1);
  if (!live) throw new Error(`No company ${liveCompanyId}`);
  const id = randomUUID();
  await tx.insert(companies).values({
    ...live,
    id,
    sandboxOf: liveCompanyId,
    tradeName: `${live.tradeName} (teste)`,
    stripeCustomerId: null,
    partnershipEnabled: false,
    aiEnabled: false,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  return id;
}

/** The sandbox of a live company, or null when none was made yet. */
export async function findSandboxCompanyId(db: Db, liveCompanyId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.sandboxOf, liveCompanyId))
    .limit(1);
  return row?.id ?? null;
}

/** Deletes the sandbox and everything in it ('Apagar dados de teste'); the next test call makes a new one. */
export async function deleteSandboxCompany(tx: Db, liveCompanyId: string): Promise<void> {
  await tx.delete(companies).where(eq(companies.sandboxOf, liveCompanyId));
}
