import { z } from "zod";

/**
 * Referrals ("Indique e ganhe", spec sections 1, 3 and 9): a member's personal link per company
 * brings a friend; the friend gets the welcome stamps and bonus when joining, the referrer gets
 * theirs once the friend has had a first stamp from staff (a real visit).
 *
 * States: `pending` (friend joined and got the welcome; waiting for a staff stamp) → `qualified`
 * (the friend had that stamp) → `rewarded` (the referrer got the reward). `held`: more than
 * REFERRAL_IP_DAILY_LIMIT referrals came from one IP address in a day; nobody gets anything until
 * the company approves (→ pending, welcome given then) or blocks it. `blocked`: nothing is
 * credited, with the reason.
 */
export const REFERRAL_STATES = ["pending", "qualified", "rewarded", "held", "blocked"] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

/**
 * Why a referral is blocked (or, for `referrer_unavailable`, qualified but not yet rewarded: the
 * referrer's card is complete and waiting for its reward, or the referrer is inactive).
 */
export const REFERRAL_REASONS = [
  "self_referral",
  "monthly_cap",
  "rules_off",
  "ip_burst",
  "company",
  "referrer_unavailable",
] as const;
export type ReferralReason = (typeof REFERRAL_REASONS)[number];

/** More referrals than this from one IP address in one day (São Paulo) are held for the company. */
export const REFERRAL_IP_DAILY_LIMIT = 5;
/** The monthly cap per referrer ('Regras de indicação'): default and bounds. */
export const REFERRAL_MONTHLY_CAP_DEFAULT = 10;
export const REFERRAL_MONTHLY_CAP_MAX = 1000;

/** The query parameter that names the referrer in the personal link (spec section 9). */
const REFERRAL_QUERY_PARAM = "indicador";

/** The personal link's path and query: /login-cliente?empresa_id=…&indicador=… */
export function referralLinkPath(companyId: string, customerId: string): string {
  const q = new URLSearchParams({ empresa_id: companyId, [REFERRAL_QUERY_PARAM]: customerId });
  return `/login-cliente?${q.toString()}`;
}

/** A customer's referral card on their company page (GET /api/me/companies/:id/referral). */
export const MyReferralSchema = z
  .object({
    /** The company's referral rules are on (off: links still join, nothing is credited). */
    enabled: z.boolean(),
    /** The personal link's path and query (the web side puts its own origin in front). */
    linkPath: z.string(),
    /** What the friend gets on joining, and what the referrer gets after the friend's first visit. */
    referredStamps: z.number().int(),
    referrerStamps: z.number().int(),
    referredBonusCents: z.number().int(),
    referrerBonusCents: z.number().int(),
    /** Friends who joined through the link (any state but blocked) and those already rewarded. */
    friends: z.number().int(),
    rewarded: z.number().int(),
    /** The customer's bonus balance at this company, in cents. */
    balanceCents: z.number().int(),
    /**
     * How the customer's own joining through a friend's link went: `credited` (the welcome went
     * through), `held` (the company reviews it), `not_credited` (blocked, whatever the reason: the
     * friend is never told why), or null when they did not join through a link.
     */
    invitation: z.enum(["credited", "held", "not_credited"]).nullable(),
  })
  .meta({ id: "MyReferral" });
export type MyReferral = z.infer<typeof MyReferralSchema>;

/**
 * Whether a member's personal link would credit anyone now (GET /api/companies/:id/referral-link):
 * the company's programme is on, the referrer is an active member under the monthly cap. The
 * sign-up page shows 'Você foi indicado por um amigo!' only then. (Whether the friend is the
 * referrer is known only at sign-up.)
 */
export const ReferralLinkSchema = z.object({ credits: z.boolean() }).meta({ id: "ReferralLink" });
export type ReferralLink = z.infer<typeof ReferralLinkSchema>;

export const ReferralLinkQuerySchema = z.object({
  indicador: z.string().trim().min(1).max(100),
});

/** One referral as the company sees it ('Indicações'). */
export const CompanyReferralSchema = z
  .object({
    id: z.string(),
    referrerId: z.string(),
    referrerName: z.string(),
    referredId: z.string(),
    referredName: z.string(),
    state: z.enum(REFERRAL_STATES),
    reason: z.enum(REFERRAL_REASONS).nullable(),
    createdAt: z.string(),
    /** When the friend had the first staff stamp. */
    qualifiedAt: z.string().nullable(),
    rewardedAt: z.string().nullable(),
  })
  .meta({ id: "CompanyReferral" });
export type CompanyReferral = z.infer<typeof CompanyReferralSchema>;

export const CompanyReferralPageSchema = z
  .object({
    items: z.array(CompanyReferralSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Held referrals waiting for a decision (in all, whatever the filter). */
    held: z.number().int(),
  })
  .meta({ id: "CompanyReferralPage" });
export type CompanyReferralPage = z.infer<typeof CompanyReferralPageSchema>;

export const REFERRAL_PAGE_SIZE = 20;

export const ListReferralsQuerySchema = z.object({
  state: z.enum(REFERRAL_STATES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type ListReferralsQuery = z.infer<typeof ListReferralsQuerySchema>;

/**
 * The company's decision: `approve` a held referral (it becomes pending, the friend gets the
 * welcome), `block` a held or pending one, `reward` a qualified one whose referrer could not be
 * credited before (the card was complete).
 */
export const REFERRAL_DECISIONS = ["approve", "block", "reward"] as const;
export const DecideReferralSchema = z.object({
  decision: z.enum(REFERRAL_DECISIONS, "referral_decision_invalid"),
});
export type DecideReferral = z.infer<typeof DecideReferralSchema>;

// ---------------------------------------------------------------------------------------------
// Bonus balance (cash bonuses of the referral rules), per member and company, in cents

export const BONUS_ENTRY_KINDS = ["referred", "referrer", "used"] as const;
export type BonusEntryKind = (typeof BONUS_ENTRY_KINDS)[number];

/** Most a single use at the counter may take (R$ 100.000,00). */
export const BONUS_USE_MAX_CENTS = 10_000_000;
export const BONUS_NOTE_MAX_LENGTH = 200;

export const BonusEntrySchema = z
  .object({
    id: z.string(),
    kind: z.enum(BONUS_ENTRY_KINDS),
    /** Positive: credited; negative: used at the counter. */
    amountCents: z.number().int(),
    note: z.string().nullable(),
    /** Who used it at the counter (staff name), null for credits. */
    byName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "BonusEntry" });
export type BonusEntry = z.infer<typeof BonusEntrySchema>;

/** A member's bonus at the company (GET /api/customers/:id/bonus). */
export const CustomerBonusSchema = z
  .object({
    balanceCents: z.number().int(),
    entries: z.array(BonusEntrySchema),
  })
  .meta({ id: "CustomerBonus" });
export type CustomerBonus = z.infer<typeof CustomerBonusSchema>;

/**
 * 'Usar bônus' at the counter: an amount in cents, at most the balance (409 bonus_insufficient).
 * Text that is no amount ("abc": NaN) is `money_invalid`, not the zero case.
 */
export const UseBonusSchema = z.object({
  amountCents: z
    .number("money_invalid")
    .int("bonus_amount_invalid")
    .min(1, "bonus_amount_invalid")
    .max(BONUS_USE_MAX_CENTS, "bonus_amount_invalid"),
  note: z.string().trim().max(BONUS_NOTE_MAX_LENGTH, "bonus_note_too_long").default(""),
});
export type UseBonus = z.infer<typeof UseBonusSchema>;
