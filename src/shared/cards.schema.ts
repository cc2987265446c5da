import { z } from "zod";
import { maskPhone } from "./phone";
import { CARD_STATUSES, type CardStatus } from "./stamp-methods";
import { STAMP_METHODS, STAMP_NOTES_MAX_LENGTH } from "./stamps.schema";
import { can, type MemberRole } from "./team-permissions";

// Without zod, for the panel's first screen (decision 042): ./stamp-methods.
export { CARD_STATUSES, type CardStatus } from "./stamp-methods";

/** Staff opening a card of one of the company's (not archived) programmes for a customer. */
export const OpenCardSchema = z.object({
  programId: z.string().trim().min(1, "program_required").max(100, "program_required"),
});
export type OpenCard = z.infer<typeof OpenCardSchema>;

export const REDEEM_BONUS_TYPE_MAX_LENGTH = 100;

export const RedeemCardSchema = z.object({
  bonusType: z
    .string()
    .trim()
    .max(REDEEM_BONUS_TYPE_MAX_LENGTH, "redeem_bonus_type_too_long")
    .default(""),
  notes: z.string().trim().max(STAMP_NOTES_MAX_LENGTH, "redeem_notes_too_long").default(""),
});
export type RedeemCard = z.infer<typeof RedeemCardSchema>;

/**
 * A loyalty card as the company sees it. A role that may not see the customers' records (an
 * Atendente at the counter) gets no e-mail and the phone masked: `cardForRole`.
 */
export const CompanyCardSchema = z
  .object({
    id: z.string(),
    customerId: z.string(),
    customerName: z.string(),
    customerEmail: z.string().nullable(),
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
  })
  .meta({ id: "CompanyCard" });
export type CompanyCard = z.infer<typeof CompanyCardSchema>;

/** A loyalty card as its customer sees it. */
export const CustomerCardSchema = z
  .object({
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
    /**
     * The company closed its account ('Fechar conta', issue 34): the programme ended that day and
     * the card is read-only until the company's data is deleted (null: open).
     */
    companyClosedAt: z.string().nullable(),
  })
  .meta({ id: "CustomerCard" });
export type CustomerCard = z.infer<typeof CustomerCardSchema>;

/** /cartoes summary tiles, counted in the database ('Templates' = the company's programmes). */
export const CardSummarySchema = z
  .object({
    active: z.number().int(),
    complete: z.number().int(),
    redeemed: z.number().int(),
    programs: z.number().int(),
  })
  .meta({ id: "CardSummary" });
export type CardSummary = z.infer<typeof CardSummarySchema>;

export const VoucherSchema = z
  .object({ cardId: z.string(), code: z.string() })
  .meta({ id: "Voucher" });
export type Voucher = z.infer<typeof VoucherSchema>;

/** Longest voucher code the company may type to find a card (the codes themselves are shorter). */
export const VOUCHER_CODE_MAX_LENGTH = 20;

/** 'Resgatar voucher': the code the customer shows, in capitals. */
export const FindVoucherSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, "voucher_code_required")
    .max(VOUCHER_CODE_MAX_LENGTH, "voucher_code_required"),
});
export type FindVoucher = z.infer<typeof FindVoucherSchema>;

/** Card list sort cycle on /cartoes. */
export const CARD_SORTS = ["name_asc", "name_desc", "progress_asc", "progress_desc"] as const;
export type CardSort = (typeof CARD_SORTS)[number];

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

/**
 * A fingerprint of the customer's open cards (GET /api/me/cards/version): the open card pages
 * poll it and refetch the cards when it changes (decision 031).
 */
export const CardsVersionSchema = z.object({ version: z.string() }).meta({ id: "CardsVersion" });
export type CardsVersion = z.infer<typeof CardsVersionSchema>;

/** How many of a customer's latest stamps and redemptions 'Ver Detalhes' lists. */
export const CUSTOMER_ACTIVITY_LIMIT = 20;

/**
 * One thing that happened on a customer's cards at the company, newest first, with who did it
 * ("por Ana"): a stamp (given, or a claim approved or refused) or a redemption. `byName` is null
 * for a rule's stamp (birthday, referral: the method says it) and a self-stamp (`selfService`).
 */
export const CustomerActivitySchema = z
  .object({
    id: z.string(),
    kind: z.enum(["stamp", "redemption"]),
    at: z.string(),
    programName: z.string(),
    method: z.enum(STAMP_METHODS).nullable(),
    count: z.number().int(),
    status: z.enum(["pending", "approved", "rejected"]).nullable(),
    byName: z.string().nullable(),
    selfService: z.boolean(),
    overrideReason: z.string().nullable(),
  })
  .meta({ id: "CustomerActivity" });
export type CustomerActivity = z.infer<typeof CustomerActivitySchema>;

/** What `role` may see of a card's customer: all of it with `customers`, else no e-mail and the phone masked. */
export function cardForRole<
  T extends { customerEmail: string | null; customerPhone: string | null },
>(card: T, role: MemberRole): T {
  return can(role, "customers")
    ? card
    : { ...card, customerEmail: null, customerPhone: maskPhone(card.customerPhone) };
}
