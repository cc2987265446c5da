import { z } from "zod";

/** Stamps a programme may require (spec: 'Carimbos Necessários'). */
export const PROGRAM_MIN_STAMPS = 1;
export const PROGRAM_MAX_STAMPS = 50;
export const STAMP_NOTES_MAX_LENGTH = 500;

/** How a stamp was earned (spec section 1). */
export const STAMP_METHODS = ["purchase", "receipt", "social", "google_review"] as const;
export type StampMethod = (typeof STAMP_METHODS)[number];

/** Default stamps per method (spec section 9); the company's loyalty rules override them. */
export const DEFAULT_STAMPS_PER_METHOD: Record<StampMethod, number> = {
  purchase: 1,
  receipt: 1,
  social: 1,
  google_review: 2,
};

export const CARD_STATUSES = ["active", "complete", "redeemed"] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const CreateProgramSchema = z.object({
  name: z.string().trim().min(1, "program_name_required").max(80, "program_name_too_long"),
  stampsRequired: z.coerce
    .number("program_stamps_range")
    .int("program_stamps_range")
    .min(PROGRAM_MIN_STAMPS, "program_stamps_range")
    .max(PROGRAM_MAX_STAMPS, "program_stamps_range"),
  reward: z.string().trim().min(1, "program_reward_required").max(200, "program_reward_too_long"),
  description: z.string().trim().max(500, "program_description_too_long").default(""),
});
export type CreateProgram = z.infer<typeof CreateProgramSchema>;

/** Editing a programme: the same fields; only cards opened afterwards take the new size and reward. */
export const UpdateProgramSchema = CreateProgramSchema;
export type UpdateProgram = z.infer<typeof UpdateProgramSchema>;

export const ProgramSchema = z.object({
  id: z.string(),
  name: z.string(),
  stampsRequired: z.number().int(),
  reward: z.string(),
  description: z.string(),
  isDefault: z.boolean(),
  /** Archived programmes open no new cards; their open cards go on. */
  archivedAt: z.string().nullable(),
  /** Open (active or complete) cards of this programme. */
  openCards: z.number().int(),
  createdAt: z.string(),
});
export type Program = z.infer<typeof ProgramSchema>;

/** Staff opening a card of one of the company's (not archived) programmes for a customer. */
export const OpenCardSchema = z.object({
  programId: z.string().trim().min(1, "program_required").max(100, "program_required"),
});
export type OpenCard = z.infer<typeof OpenCardSchema>;

export const AddStampSchema = z.object({
  method: z.enum(STAMP_METHODS, "stamp_method_invalid"),
  notes: z.string().trim().max(STAMP_NOTES_MAX_LENGTH, "stamp_notes_too_long").default(""),
});
export type AddStamp = z.infer<typeof AddStampSchema>;

/**
 * 'Adicionar Carimbo' for a customer: on their open card in `programId` (the default programme
 * when absent), opening one when they have none there.
 */
export const AddCustomerStampSchema = AddStampSchema.extend({
  programId: z.string().trim().min(1, "program_required").max(100, "program_required").optional(),
});
export type AddCustomerStamp = z.infer<typeof AddCustomerStampSchema>;

export const RedeemCardSchema = z.object({
  bonusType: z.string().trim().max(100, "redeem_bonus_type_too_long").default(""),
  notes: z.string().trim().max(STAMP_NOTES_MAX_LENGTH, "redeem_notes_too_long").default(""),
});
export type RedeemCard = z.infer<typeof RedeemCardSchema>;

export const JoinCompanySchema = z.object({ companyId: z.string().trim().min(1).max(100) });

export const StampSchema = z.object({
  id: z.string(),
  method: z.enum(STAMP_METHODS),
  count: z.number().int(),
  status: z.enum(["pending", "approved", "rejected"]),
  notes: z.string().nullable(),
  givenByName: z.string().nullable(),
  createdAt: z.string(),
});
export type Stamp = z.infer<typeof StampSchema>;

/** A loyalty card as the company sees it. */
export const CompanyCardSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string().nullable(),
  programId: z.string(),
  programName: z.string(),
  reward: z.string(),
  stamps: z.number().int(),
  maxStamps: z.number().int(),
  status: z.enum(CARD_STATUSES),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
});
export type CompanyCard = z.infer<typeof CompanyCardSchema>;

/** A loyalty card as its customer sees it. */
export const CustomerCardSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  companySector: z.string().nullable(),
  companyCity: z.string().nullable(),
  companyState: z.string().nullable(),
  /** The company's logo (a URL of `GET /api/companies/:id/logo`) and card colour ('#rrggbb'). */
  companyLogoUrl: z.string().nullable(),
  brandColor: z.string().nullable(),
  programName: z.string(),
  reward: z.string(),
  stamps: z.number().int(),
  maxStamps: z.number().int(),
  status: z.enum(CARD_STATUSES),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
});
export type CustomerCard = z.infer<typeof CustomerCardSchema>;

/** A company customer (membership) found by the add-stamp search. */
export const CompanyCustomerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** The open card in the default programme (else the oldest open card), or null. */
  openCard: CompanyCardSchema.nullable(),
  /** Every open (active or complete) card, one per programme, oldest first. */
  openCards: z.array(CompanyCardSchema),
});
export type CompanyCustomer = z.infer<typeof CompanyCustomerSchema>;

export const DashboardStatsSchema = z.object({
  totalCustomers: z.number().int(),
  activeCards: z.number().int(),
  rewardsRedeemed: z.number().int(),
  /** Completed (complete or redeemed) cards / all cards, 0..100, one decimal. */
  completionRate: z.number(),
  stampsToday: z.number().int(),
  /** Customer stamp claims waiting for the company's answer. */
  pendingClaims: z.number().int(),
  cardsCompletedToday: z.number().int(),
  birthdaysToday: z.array(z.string()),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/** /cartoes summary tiles, counted in the database ('Templates' = the company's programmes). */
export const CardSummarySchema = z.object({
  active: z.number().int(),
  complete: z.number().int(),
  redeemed: z.number().int(),
  programs: z.number().int(),
});
export type CardSummary = z.infer<typeof CardSummarySchema>;

export const VoucherSchema = z.object({ cardId: z.string(), code: z.string() });
export type Voucher = z.infer<typeof VoucherSchema>;

/** Card list sort cycle on /cartoes. */
export const CARD_SORTS = ["name_asc", "name_desc", "progress_asc", "progress_desc"] as const;
export type CardSort = (typeof CARD_SORTS)[number];

/** Social networks a tag or follow may be claimed on (spec section 9). */
export const SOCIAL_NETWORKS = [
  "instagram",
  "facebook",
  "x",
  "tiktok",
  "youtube",
  "linkedin",
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Receipt uploads: JPG, PNG or PDF up to 5 MB (the type is read from the content). */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;

/** A customer's claim without a file: a social tag/follow or a Google review. */
export const CreateClaimSchema = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("social"),
    network: z.enum(SOCIAL_NETWORKS, "claim_network_invalid"),
    /** Only web links: a `javascript:` or `data:` link would run when the company opens it. */
    link: z
      .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: "claim_link_invalid" })
      .max(500, "claim_link_invalid"),
  }),
  z.object({ method: z.literal("google_review") }),
]);
export type CreateClaim = z.infer<typeof CreateClaimSchema>;

export const RejectClaimSchema = z.object({
  reason: z.string().trim().min(1, "claim_reason_required").max(300, "claim_reason_too_long"),
});
export type RejectClaim = z.infer<typeof RejectClaimSchema>;

export const ClaimSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  method: z.enum(["receipt", "social", "google_review"]),
  status: z.enum(["pending", "approved", "rejected"]),
  network: z.string().nullable(),
  link: z.string().nullable(),
  hasReceipt: z.boolean(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type Claim = z.infer<typeof ClaimSchema>;

/** What a customer may claim at a company (its loyalty rules). */
export const ClaimOptionsSchema = z.object({
  receipt: z.boolean(),
  socialNetworks: z.array(z.enum(SOCIAL_NETWORKS)),
  googleReviewUrl: z.string().nullable(),
});
export type ClaimOptions = z.infer<typeof ClaimOptionsSchema>;

/** The card badge of spec section 2: Utilizado, Pronto para usar, Recém criado or Em andamento. */
export type CardBadge = "redeemed" | "ready" | "new" | "inProgress";
export function cardBadge(card: {
  status: CardStatus;
  stamps: number;
  maxStamps: number;
}): CardBadge {
  if (card.status === "redeemed") return "redeemed";
  if (card.status === "complete" || card.stamps >= card.maxStamps) return "ready";
  if (card.stamps === 0) return "new";
  return "inProgress";
}
