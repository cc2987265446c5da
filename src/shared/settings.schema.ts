import { z } from "zod";
import { SOCIAL_NETWORKS } from "./claims.schema";
import { LANGUAGES } from "./languages";
import { REFERRAL_MONTHLY_CAP_DEFAULT, REFERRAL_MONTHLY_CAP_MAX } from "./referrals.schema";
import { calendarDate, text } from "./text";

/** Spec section 5: stamps per purchase, review, social and birthday at least 1. */
export const RULE_MIN_STAMPS = 1;
/** Our ceiling (spec: none): more than a whole card makes no sense. */
export const RULE_MAX_STAMPS = 50;
export const RULE_BONUS_MAX_LENGTH = 120;
/** Referral stamps may be 0 (the rule then gives only its bonus, if any). */
export const REFERRAL_MIN_STAMPS = 0;
export const BIRTHDAY_MESSAGE_MAX_LENGTH = 500;
/** Referral bonus in reais, kept in cents: at least 0 (spec), at most R$ 10.000,00 (ours). */
export const REFERRAL_BONUS_MAX_CENTS = 1_000_000;
export const PROMOTION_TITLE_MAX_LENGTH = 120;
export const PROMOTION_DESCRIPTION_MAX_LENGTH = 1000;

const ruleStamps = z
  .number("rule_stamps_range")
  .int("rule_stamps_range")
  .min(RULE_MIN_STAMPS, "rule_stamps_range")
  .max(RULE_MAX_STAMPS, "rule_stamps_range");
const bonus = text().trim().max(RULE_BONUS_MAX_LENGTH, "rule_bonus_too_long");

/** Spec "Loyalty rules configuration": purchase, Google review, social, birthday. */
export const LoyaltyRulesSchema = z.object({
  purchaseStamps: ruleStamps,
  review: z.object({ enabled: z.boolean(), stamps: ruleStamps, bonus }),
  social: z.object({
    enabled: z.boolean(),
    stamps: ruleStamps,
    bonus,
    networks: z.array(z.enum(SOCIAL_NETWORKS)).max(SOCIAL_NETWORKS.length),
  }),
  birthday: z.object({
    enabled: z.boolean(),
    stamps: ruleStamps,
    message: text({ multiline: true })
      .trim()
      .max(BIRTHDAY_MESSAGE_MAX_LENGTH, "birthday_message_too_long"),
  }),
});
export type LoyaltyRules = z.infer<typeof LoyaltyRulesSchema>;

const referralStamps = z
  .number("referral_stamps_range")
  .int("referral_stamps_range")
  .min(REFERRAL_MIN_STAMPS, "referral_stamps_range")
  .max(RULE_MAX_STAMPS, "referral_stamps_range");
const referralBonus = z
  .number("referral_bonus_range")
  .int("referral_bonus_range")
  .min(0, "referral_bonus_range")
  .max(REFERRAL_BONUS_MAX_CENTS, "referral_bonus_range");

/** Spec "Referral rules" (ativa_indicacao, carimbos/bonus para indicado e indicador); money in cents. */
export const ReferralRulesSchema = z.object({
  enabled: z.boolean(),
  referredStamps: referralStamps,
  referrerStamps: referralStamps,
  referredBonusCents: referralBonus,
  referrerBonusCents: referralBonus,
  /** Most referrals credited per referrer and calendar month (São Paulo); more are blocked. */
  monthlyCap: z
    .number("referral_cap_range")
    .int("referral_cap_range")
    .min(1, "referral_cap_range")
    .max(REFERRAL_MONTHLY_CAP_MAX, "referral_cap_range"),
});
export type ReferralRules = z.infer<typeof ReferralRulesSchema>;

/** Counter rules' ceilings: a day between two stamps on a card, 100 stamps a day, R$ 10.000,00. */
export const STAMP_INTERVAL_MAX_MINUTES = 1440;
export const DAILY_STAMP_CAP_MAX = 100;
export const STAMP_VALUE_MAX_CENTS = 1_000_000;

const wholeNumber = (message: string, min: number, max: number) =>
  z.number(message).int(message).min(min, message).max(max, message);

/**
 * 'Regras do Programa' at the counter (issue 30): the minutes between two stamps on one card and
 * the stamps a customer may get in a São Paulo day (0: off), stamps by purchase value ("1 carimbo
 * a cada R$ X", null: off) with a maximum per purchase (null: only the card's), and the
 * customers' self-stamp by the counter screen's QR code (off by default).
 */
export const CounterSettingsSchema = z
  .object({
    intervalMinutes: wholeNumber("stamp_interval_range", 0, STAMP_INTERVAL_MAX_MINUTES),
    dailyCap: wholeNumber("daily_stamp_cap_range", 0, DAILY_STAMP_CAP_MAX),
    stampValueCents: wholeNumber("stamp_value_range", 1, STAMP_VALUE_MAX_CENTS).nullable(),
    maxStampsPerPurchase: wholeNumber(
      "max_stamps_per_purchase_range",
      1,
      RULE_MAX_STAMPS,
    ).nullable(),
    selfStampEnabled: z.boolean(),
  })
  .meta({ id: "CounterSettings" });
export type CounterSettings = z.infer<typeof CounterSettingsSchema>;

/** A day that exists (2024-02-31 and 0000-01-01 are refused, not sent to the database). */
const isoDate = calendarDate("promotion_date_invalid");

/**
 * The special promotion: title and description required while it is active (spec section 5),
 * the end not before the start. Saved whole, active or not.
 */
export const PromotionSettingsSchema = z
  .object({
    active: z.boolean(),
    title: text().trim().max(PROMOTION_TITLE_MAX_LENGTH, "promotion_title_too_long"),
    description: text({ multiline: true })
      .trim()
      .max(PROMOTION_DESCRIPTION_MAX_LENGTH, "promotion_description_too_long"),
    startsOn: isoDate.nullable(),
    endsOn: isoDate.nullable(),
  })
  .superRefine((p, ctx) => {
    if (p.active && !p.title)
      ctx.addIssue({ code: "custom", path: ["title"], message: "promotion_title_required" });
    if (p.active && !p.description)
      ctx.addIssue({
        code: "custom",
        path: ["description"],
        message: "promotion_description_required",
      });
    if (p.startsOn && p.endsOn && p.endsOn < p.startsOn)
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: "promotion_end_before_start" });
  });
export type PromotionSettings = z.infer<typeof PromotionSettingsSchema>;

/** The five switches of the settings record (spec section 3), all on by default (section 9). */
export const NotificationSettingsSchema = z.object({
  push: z.boolean(),
  email: z.boolean(),
  messages: z.boolean(),
  stamps: z.boolean(),
  completedCards: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/**
 * A customer's e-mail switches ('Avisos por e-mail'): an e-mail when a company answers them, when
 * a card of theirs is complete, when a company refuses a stamp they asked for. All on by default.
 */
export const CustomerEmailSettingsSchema = z
  .object({
    replies: z.boolean(),
    completedCards: z.boolean(),
    refusedClaims: z.boolean(),
  })
  .meta({ id: "CustomerEmailSettings" });
export type CustomerEmailSettings = z.infer<typeof CustomerEmailSettingsSchema>;

export const THEMES = ["light", "dark"] as const;

/** Theme claro/escuro and language pt/en, kept for the user (any signed-in user). */
export const AppearanceSchema = z.object({
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
});
export type Appearance = z.infer<typeof AppearanceSchema>;
/** What the server knows: null until the user chose. */
export const StoredAppearanceSchema = z
  .object({
    theme: z.enum(THEMES).nullable(),
    language: z.enum(LANGUAGES).nullable(),
  })
  .meta({ id: "StoredAppearance" });
export type StoredAppearance = z.infer<typeof StoredAppearanceSchema>;

/** 'Frequência de backup' (spec settings record: diario, semanal, mensal). */
export const BACKUP_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

/** 'Retenção de dados': messages and answered interests older than this many months are removed. */
export const RETENTION_MONTHS_OPTIONS = [12, 24] as const;
export type RetentionMonths = (typeof RETENTION_MONTHS_OPTIONS)[number];

/**
 * The spec's defaults (section 9), the one place they are written: a new company's loyalty and
 * referral rules (the companies table's column defaults read them) and, for a company without a
 * settings record, its notification switches (all on) and system section (backup diario, 24 months).
 */
export const SETTINGS_DEFAULTS: {
  loyaltyRules: LoyaltyRules;
  referralRules: ReferralRules;
  notifications: NotificationSettings;
  system: { backupFrequency: BackupFrequency; retentionMonths: RetentionMonths };
} = {
  loyaltyRules: {
    purchaseStamps: 1,
    review: { enabled: true, stamps: 2, bonus: "" },
    social: { enabled: true, stamps: 1, bonus: "", networks: [...SOCIAL_NETWORKS] },
    birthday: { enabled: true, stamps: 3, message: "" },
  },
  referralRules: {
    enabled: false,
    referredStamps: 1,
    referrerStamps: 1,
    referredBonusCents: 0,
    referrerBonusCents: 0,
    monthlyCap: REFERRAL_MONTHLY_CAP_DEFAULT,
  },
  notifications: { push: true, email: true, messages: true, stamps: true, completedCards: true },
  system: { backupFrequency: "daily", retentionMonths: 24 },
};

/** A company without a settings record has these (SETTINGS_DEFAULTS.system). */
export const DEFAULT_BACKUP_FREQUENCY = SETTINGS_DEFAULTS.system.backupFrequency;
export const DEFAULT_RETENTION_MONTHS = SETTINGS_DEFAULTS.system.retentionMonths;

/** The shortest retention a company can choose. */
export const MIN_RETENTION_MONTHS = Math.min(...RETENTION_MONTHS_OPTIONS);

/** The 'Sistema' section of /configuracoes as the server sends it. */
export const SystemSettingsSchema = z
  .object({
    backupFrequency: z.enum(BACKUP_FREQUENCIES),
    retentionMonths: z.union([z.literal(12), z.literal(24)]),
    /** When the company's last backup was made, downloaded or scheduled ('Último backup'); null: never. */
    lastBackupAt: z.string().nullable(),
  })
  .meta({ id: "SystemSettings" });
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;

/** What 'Salvar' sends: frequency and retention (the last backup is set by the export). */
export const UpdateSystemSettingsSchema = z.object({
  backupFrequency: z.enum(BACKUP_FREQUENCIES, "backup_frequency_invalid"),
  retentionMonths: z.union([z.literal(12), z.literal(24)], "retention_months_invalid"),
});
export type UpdateSystemSettings = z.infer<typeof UpdateSystemSettingsSchema>;

/**
 * Scheduled backups kept per company: as many as the retention's months (12 or 24): monthly
 * backups then cover the whole period, weekly ones 12 or 24 weeks, daily ones 12 or 24 days.
 */
export const storedBackupsToKeep = (retentionMonths: number): number =>
  Math.min(Math.max(retentionMonths, 1), Math.max(...RETENTION_MONTHS_OPTIONS));

/** One scheduled backup kept on the server ('Sistema' lists them for download). */
export const StoredBackupSchema = z
  .object({
    /** The file name, `carimbou-backup-<slug>-<yyyy-MM-dd>.zip` (also its download path). */
    name: z.string(),
    /** The São Paulo day it was made, yyyy-MM-dd. */
    date: z.string(),
    /** Bytes. */
    size: z.number().int(),
    /** When the file was written (ISO). */
    createdAt: z.string(),
  })
  .meta({ id: "StoredBackup" });
export type StoredBackup = z.infer<typeof StoredBackupSchema>;
export const StoredBackupListSchema = z.array(StoredBackupSchema).meta({ id: "StoredBackupList" });
