import { z } from "zod";
import { isValidCnpj, isValidCpf } from "./brazil";
import { PLAN_STATUSES, PLANS, type Plan, type PlanStatus } from "./plans";

// Without zod, for the panel's first screen (decision 042): ./plans.
export { PLAN_PRICES_CENTS, PLAN_STATUSES, PLANS, type Plan, type PlanStatus } from "./plans";

/**
 * Plans and billing (spec sections 1, 2, 3, 6, 9): the one place the plans and their prices are
 * defined. Amounts in centavos. The trial (TRIAL_DAYS, no card) includes everything.
 */
/** Features only some plans include (the trial includes every one). */
export const PLAN_FEATURES = ["assistant"] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];
const FEATURES_OF: Record<Plan, readonly PlanFeature[]> = { pro: [], supreme: ["assistant"] };

/** Days of grace after a charge is overdue before the panel becomes read-only. */
export const GRACE_DAYS = 7;
/** Days before the trial ends when the owner is reminded (and the day before). */
export const TRIAL_REMINDER_DAYS = [7, 1] as const;

/** How a Brazilian business pays: Pix first, then boleto and card (Asaas's billingType). */
export const BILLING_TYPES = ["PIX", "BOLETO", "CREDIT_CARD"] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

/**
 * The one plan check: whether a company on `plan` in `status` may use `feature`. The trial
 * includes everything until its date, even once a charge is paid early (decision 027); a paid or
 * grace company has its plan's features (the plan paid for today: billing's featurePlanSql); an
 * expired one none.
 */
export function planAllows(
  company: { plan: Plan | null; planStatus: PlanStatus; trialEndsAt?: Date | string | null },
  feature: PlanFeature,
  now: Date = new Date(),
): boolean {
  if (company.planStatus === "trial") return true;
  if (company.trialEndsAt && new Date(company.trialEndsAt) > now) return true;
  if (company.planStatus === "expired" || !company.plan) return false;
  return FEATURES_OF[company.plan].includes(feature);
}

export const SUBSCRIPTION_STATUSES = ["active", "overdue", "cancelled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const INVOICE_STATUSES = ["pending", "paid", "overdue", "refunded", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * CPF (11 digits) or CNPJ (14 digits), typed with or without punctuation; check digits validated.
 * Left empty it is required, not invalid.
 */
export const BillingDocumentSchema = z
  .string("billing_document_required")
  .trim()
  .min(1, "billing_document_required")
  .transform((v) => v.replace(/\D/g, ""))
  .refine((d) => (d.length === 11 ? isValidCpf(d) : d.length === 14 && isValidCnpj(d)), {
    message: "billing_document_invalid",
  });

/** 'Assinar': the plan, how to pay, and the billing data the provider needs. */
export const SubscribeSchema = z.object({
  plan: z.enum(PLANS, "plan_invalid"),
  billingType: z.enum(BILLING_TYPES, "billing_type_invalid"),
  document: BillingDocumentSchema,
  billingEmail: z.email("billing_email_invalid").trim().max(254, "billing_email_invalid"),
});
export type Subscribe = z.input<typeof SubscribeSchema>;

export const ChangePlanSchema = z.object({ plan: z.enum(PLANS, "plan_invalid") });
export type ChangePlan = z.infer<typeof ChangePlanSchema>;

export const InvoiceSchema = z
  .object({
    id: z.string(),
    plan: z.enum(PLANS),
    amountCents: z.number().int(),
    /** yyyy-MM-dd. */
    dueDate: z.string(),
    status: z.enum(INVOICE_STATUSES),
    billingType: z.enum(BILLING_TYPES),
    /** The provider's page for the charge (pay, or the receipt once paid). */
    invoiceUrl: z.string().nullable(),
    boletoUrl: z.string().nullable(),
    /** Pix 'copia e cola' code and its QR image (data URL), while payable by Pix. */
    pixCode: z.string().nullable(),
    pixQrImage: z.string().nullable(),
    paidAt: z.string().nullable(),
  })
  .meta({ id: "Invoice" });
export type Invoice = z.infer<typeof InvoiceSchema>;

/** GET /api/billing: everything the 'Plano' page and the dashboard's 'Plano Ativo' show. */
export const BillingOverviewSchema = z
  .object({
    planStatus: z.enum(PLAN_STATUSES),
    /** The subscribed plan (null: none, trial only). */
    plan: z.enum(PLANS).nullable(),
    trialEndsAt: z.string(),
    /** Whole days of trial left (0 once over). */
    trialDaysLeft: z.number().int(),
    /** The end of the paid period (ISO), null when nothing was paid. */
    paidUntil: z.string().nullable(),
    /** With an overdue charge: writes allowed until then (ISO). */
    graceUntil: z.string().nullable(),
    subscription: z
      .object({
        status: z.enum(SUBSCRIPTION_STATUSES),
        billingType: z.enum(BILLING_TYPES),
        /** Cancelled: access until this moment (the end of the paid period). */
        cancelledAt: z.string().nullable(),
      })
      .nullable(),
    /** The next charge: its amount and due date (yyyy-MM-dd), null when none is coming. */
    nextCharge: z.object({ amountCents: z.number().int(), dueDate: z.string() }).nullable(),
    /** Billing data on file (the document masked but for its last digits). */
    billing: z.object({ documentMasked: z.string(), email: z.string() }).nullable(),
    /** Invoices, newest first (at most 24). */
    invoices: z.array(InvoiceSchema),
    /** `dev`: the local checkout page simulates the charges (no provider credentials). */
    provider: z.enum(["dev", "asaas"]),
  })
  .meta({ id: "BillingOverview" });
export type BillingOverview = z.infer<typeof BillingOverviewSchema>;

/** After 'Assinar' or a plan change: the overview and, for a charge to pay now, where to pay it. */
export const SubscribeResultSchema = z
  .object({
    overview: BillingOverviewSchema,
    /**
     * The first charge's payment page (dev: /plano/checkout/:invoiceId; Asaas: its invoiceUrl), null
     * when none is due yet (in the trial the first charge is due when the trial ends).
     */
    checkoutUrl: z.string().nullable(),
  })
  .meta({ id: "SubscribeResult" });
export type SubscribeResult = z.infer<typeof SubscribeResultSchema>;

/** Dev provider only (never in production): moves the company's billing clock `days` forward. */
export const DevClockSchema = z.object({
  days: z
    .number("days_invalid")
    .int("days_invalid")
    .min(1, "days_invalid")
    .max(400, "days_invalid"),
});
export type DevClock = z.infer<typeof DevClockSchema>;
