import type { SocialNetwork } from "@shared/claims.schema";
import {
  type Appearance,
  DEFAULT_BACKUP_FREQUENCY,
  DEFAULT_RETENTION_MONTHS,
  type LoyaltyRules,
  type NotificationSettings,
  type PromotionSettings,
  type ReferralRules,
  type StoredAppearance,
  type SystemSettings,
  type UpdateSystemSettings,
} from "@shared/settings.schema";
import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { findAppearance } from "../auth/auth.queries";
import { updateAppearance } from "../auth/users.service";
import { findCompany } from "../companies/companies.queries";
import {
  saveCompanyLoyaltyRules,
  saveCompanyPromotion,
  saveCompanyReferralRules,
} from "../companies/companies.service";
import { getNotificationSettings } from "./settings.queries";
import { companySettings } from "./settings.table";

const companyNotFound = () => new AppError("not_found", 404, "Company not found");

async function companyRow(db: Db, companyId: string) {
  const row = await findCompany(db, companyId);
  if (!row) throw companyNotFound();
  return row;
}

/** A company write that found no company is a 404. */
async function found(write: Promise<unknown>) {
  if (!(await write)) throw companyNotFound();
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
  await found(
    saveCompanyLoyaltyRules(db, actor.companyId, {
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
    }),
  );
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
    monthlyCap: c.referralMonthlyCap,
  };
}

export async function saveReferralRules(
  db: Db,
  actor: CompanyActor,
  rules: ReferralRules,
): Promise<ReferralRules> {
  await found(
    saveCompanyReferralRules(db, actor.companyId, {
      referralEnabled: rules.enabled,
      referredStamps: rules.referredStamps,
      referrerStamps: rules.referrerStamps,
      referredBonusCents: rules.referredBonusCents,
      referrerBonusCents: rules.referrerBonusCents,
      referralMonthlyCap: rules.monthlyCap,
    }),
  );
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
  await found(
    saveCompanyPromotion(db, actor.companyId, {
      promotionActive: promotion.active,
      promotionTitle: promotion.title || null,
      promotionDescription: promotion.description || null,
      promotionStartsOn: promotion.startsOn,
      promotionEndsOn: promotion.endsOn,
    }),
  );
  return getPromotion(db, actor);
}

// ---------------------------------------------------------------------------------------------
// Notification switches (the settings record; no row means the defaults: all on)

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
  const row = await findAppearance(db, userId);
  if (!row) throw new AppError("not_found", 404, "Profile not found");
  return row;
}

export async function saveAppearance(
  db: Db,
  userId: string,
  appearance: Appearance,
): Promise<StoredAppearance> {
  const row = await updateAppearance(db, userId, appearance);
  if (!row) throw new AppError("not_found", 404, "Profile not found");
  return row;
}

// ---------------------------------------------------------------------------------------------
// 'Sistema': backup frequency, data retention and the last backup (the settings record)

/** The company's backup frequency, retention and last backup (defaults when it has no record). */
export async function getSystemSettings(db: Db, companyId: string): Promise<SystemSettings> {
  const [row] = await db
    .select({
      backupFrequency: companySettings.backupFrequency,
      retentionMonths: companySettings.retentionMonths,
      lastBackupAt: companySettings.lastBackupAt,
    })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId))
    .limit(1);
  if (!row) {
    return {
      backupFrequency: DEFAULT_BACKUP_FREQUENCY,
      retentionMonths: DEFAULT_RETENTION_MONTHS,
      lastBackupAt: null,
    };
  }
  return {
    backupFrequency: row.backupFrequency,
    retentionMonths: row.retentionMonths === 12 ? 12 : 24,
    lastBackupAt: row.lastBackupAt?.toISOString() ?? null,
  };
}

/** Saves frequency and retention (creating the record on the first save). */
export async function updateSystemSettings(
  db: Db,
  companyId: string,
  input: UpdateSystemSettings,
): Promise<SystemSettings> {
  const now = new Date();
  await db
    .insert(companySettings)
    .values({ companyId, ...input, updatedAt: now })
    .onConflictDoUpdate({
      target: companySettings.companyId,
      set: {
        backupFrequency: input.backupFrequency,
        retentionMonths: input.retentionMonths,
        updatedAt: now,
      },
    });
  return getSystemSettings(db, companyId);
}

/** Records when the company's last backup was downloaded ('Último backup'). */
export async function markBackupDone(db: Db, companyId: string, at: Date): Promise<void> {
  await db
    .insert(companySettings)
    .values({ companyId, lastBackupAt: at })
    .onConflictDoUpdate({ target: companySettings.companyId, set: { lastBackupAt: at } });
}

/**
 * SQL: `now` minus the retention of the company in `companyId` (a company column of the caller's
 * query), 24 months without a settings record. Rows created before it are past the period.
 */
export const retentionCutoff = (companyId: AnyPgColumn, now: Date): SQL =>
  sql`${now.toISOString()}::timestamptz - make_interval(months => coalesce((select ${companySettings.retentionMonths} from ${companySettings} where ${companySettings.companyId} = ${companyId}), ${DEFAULT_RETENTION_MONTHS}))`;
