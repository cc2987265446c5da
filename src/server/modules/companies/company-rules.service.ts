/**
 * The company's rules as /configuracoes edits them: the stamp rules (the stamp logic and the
 * customers' claim options read these columns), the counter's rules, the referral rules and the special promotion
 * (customers see it while active and within its dates). All are columns of the company's row.
 */
import type { SocialNetwork } from "@shared/claims.schema";
import type {
  CounterSettings,
  LoyaltyRules,
  PromotionSettings,
  ReferralRules,
} from "@shared/settings.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { findCompany } from "./companies.queries";
import {
  saveCompanyCounterRules,
  saveCompanyLoyaltyRules,
  saveCompanyPromotion,
  saveCompanyReferralRules,
} from "./companies.service";

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
// Counter rules (flows/give-stamp.ts and flows/self-stamp.ts read these columns with the card)

export async function getCounterSettings(db: Db, actor: CompanyActor): Promise<CounterSettings> {
  const c = await companyRow(db, actor.companyId);
  return {
    intervalMinutes: c.stampIntervalMinutes,
    dailyCap: c.dailyStampCap,
    stampValueCents: c.stampValueCents,
    maxStampsPerPurchase: c.maxStampsPerPurchase,
    selfStampEnabled: c.selfStampEnabled,
  };
}

export async function saveCounterSettings(
  db: Db,
  actor: CompanyActor,
  rules: CounterSettings,
): Promise<CounterSettings> {
  await found(
    saveCompanyCounterRules(db, actor.companyId, {
      stampIntervalMinutes: rules.intervalMinutes,
      dailyStampCap: rules.dailyCap,
      stampValueCents: rules.stampValueCents,
      // The maximum per purchase means nothing without stamps by value.
      maxStampsPerPurchase: rules.stampValueCents ? rules.maxStampsPerPurchase : null,
      selfStampEnabled: rules.selfStampEnabled,
    }),
  );
  return getCounterSettings(db, actor);
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
