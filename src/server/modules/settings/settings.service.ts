import { eq, sql } from "drizzle-orm";
import type { SocialNetwork } from "../../../shared/claims.schema";
import type {
  Appearance,
  LoyaltyRules,
  NotificationSettings,
  PromotionSettings,
  ReferralRules,
  StoredAppearance,
} from "../../../shared/settings.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { profiles } from "../auth/profiles.table";
import { companies } from "../companies/companies.table";
import { companySettings } from "./settings.table";

const companyNotFound = () => new AppError("not_found", 404, "Empresa não encontrada");

async function companyRow(db: Db, companyId: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!row) throw companyNotFound();
  return row;
}

async function updateCompany(
  db: Db,
  companyId: string,
  values: Partial<typeof companies.$inferInsert>,
) {
  const updated = await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning({ id: companies.id });
  if (updated.length === 0) throw companyNotFound();
}

// ---------------------------------------------------------------------------------------------
// Loyalty rules (the stamp logic and the customers' claim options read these columns)

export async function getLoyaltyRules(db: Db, actor: CompanyActor): Promise<LoyaltyRules> {
  const c = await companyRow(db, actor.companyId);
  return {
    purchaseStamps: c.purchaseStamps,
    review: { enabled: c.allowsReviewStamps, stamps: c.reviewStamps, bonus: c.reviewBonus ?? "" },
    social: {
      enabled: c.allowsSocialStamps,
      stamps: c.socialStamps,
      bonus: c.socialBonus ?? "",
      networks: c.socialNetworks as SocialNetwork[],
    },
    birthday: {
      enabled: c.birthdayEnabled,
      stamps: c.birthdayStamps,
      message: c.birthdayPromotion ?? "",
    },
  };
}

export async function saveLoyaltyRules(
  db: Db,
  actor: CompanyActor,
  rules: LoyaltyRules,
): Promise<LoyaltyRules> {
  await updateCompany(db, actor.companyId, {
    purchaseStamps: rules.purchaseStamps,
    allowsReviewStamps: rules.review.enabled,
    reviewStamps: rules.review.stamps,
    reviewBonus: rules.review.bonus || null,
    allowsSocialStamps: rules.social.enabled,
    socialStamps: rules.social.stamps,
    socialBonus: rules.social.bonus || null,
    socialNetworks: [...new Set(rules.social.networks)],
    birthdayEnabled: rules.birthday.enabled,
    birthdayStamps: rules.birthday.stamps,
    birthdayPromotion: rules.birthday.message || null,
  });
  return getLoyaltyRules(db, actor);
}

// ---------------------------------------------------------------------------------------------
// Referral rules

export async function getReferralRules(db: Db, actor: CompanyActor): Promise<ReferralRules> {
  const c = await companyRow(db, actor.companyId);
  return {
    enabled: c.referralEnabled,
    referredStamps: c.referredStamps,
    referrerStamps: c.referrerStamps,
    referredBonusCents: c.referredBonusCents,
    referrerBonusCents: c.referrerBonusCents,
  };
}

export async function saveReferralRules(
  db: Db,
  actor: CompanyActor,
  rules: ReferralRules,
): Promise<ReferralRules> {
  await updateCompany(db, actor.companyId, {
    referralEnabled: rules.enabled,
    referredStamps: rules.referredStamps,
    referrerStamps: rules.referrerStamps,
    referredBonusCents: rules.referredBonusCents,
    referrerBonusCents: rules.referrerBonusCents,
  });
  return getReferralRules(db, actor);
}

// ---------------------------------------------------------------------------------------------
// Special promotion (customers see it while active and within its dates: listSpecialPromotions)

export async function getPromotion(db: Db, actor: CompanyActor): Promise<PromotionSettings> {
  const c = await companyRow(db, actor.companyId);
  return {
    active: c.promotionActive,
    title: c.promotionTitle ?? "",
    description: c.promotionDescription ?? "",
    startsOn: c.promotionStartsOn,
    endsOn: c.promotionEndsOn,
  };
}

export async function savePromotion(
  db: Db,
  actor: CompanyActor,
  promotion: PromotionSettings,
): Promise<PromotionSettings> {
  await updateCompany(db, actor.companyId, {
    promotionActive: promotion.active,
    promotionTitle: promotion.title || null,
    promotionDescription: promotion.description || null,
    promotionStartsOn: promotion.startsOn,
    promotionEndsOn: promotion.endsOn,
  });
  return getPromotion(db, actor);
}

// ---------------------------------------------------------------------------------------------
// Notification switches (the settings record; no row means the defaults: all on)

export async function getNotificationSettings(
  db: Db,
  companyId: string,
): Promise<NotificationSettings> {
  const [row] = await db
    .select()
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId))
    .limit(1);
  return {
    push: row?.pushNotifications ?? true,
    email: row?.emailNotifications ?? true,
    messages: row?.messageNotifications ?? true,
    stamps: row?.stampNotifications ?? true,
    completedCards: row?.completedCardNotifications ?? true,
  };
}

export async function saveNotificationSettings(
  db: Db,
  actor: CompanyActor,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  const values = {
    pushNotifications: settings.push,
    emailNotifications: settings.email,
    messageNotifications: settings.messages,
    stampNotifications: settings.stamps,
    completedCardNotifications: settings.completedCards,
    updatedAt: new Date(),
  };
  await db
    .insert(companySettings)
    .values({ companyId: actor.companyId, ...values })
    .onConflictDoUpdate({ target: companySettings.companyId, set: values });
  return getNotificationSettings(db, actor.companyId);
}

// ---------------------------------------------------------------------------------------------
// Appearance, kept per user (company owner or customer)

export async function getAppearance(db: Db, userId: string): Promise<StoredAppearance> {
  const [row] = await db
    .select({ theme: profiles.theme, language: profiles.language })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  if (!row) throw new AppError("not_found", 404, "Perfil não encontrado");
  return row;
}

export async function saveAppearance(
  db: Db,
  userId: string,
  appearance: Appearance,
): Promise<StoredAppearance> {
  const [row] = await db
    .update(profiles)
    .set({ theme: appearance.theme, language: appearance.language, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId))
    .returning({ theme: profiles.theme, language: profiles.language });
  if (!row) throw new AppError("not_found", 404, "Perfil não encontrado");
  return row;
}
