import { z } from "zod";
import { STAMP_QUANTITY_MAX } from "./limits";
import { STAFF_STAMP_METHODS, STAMP_METHODS } from "./stamp-methods";

// Without zod, for the panel's first screen (decision 042): ./stamp-methods.
export {
  STAFF_STAMP_METHODS,
  STAMP_METHODS,
  type StaffStampMethod,
  type StampMethod,
} from "./stamp-methods";

export const STAMP_NOTES_MAX_LENGTH = 500;

export const OVERRIDE_REASON_MAX_LENGTH = 200;

export const AddStampSchema = z.object({
  method: z.enum(STAFF_STAMP_METHODS, "stamp_method_invalid"),
  notes: z.string().trim().max(STAMP_NOTES_MAX_LENGTH, "stamp_notes_too_long").default(""),
  /** Purchases stamped at once (each worth the method's stamps); 1 by default. */
  quantity: z
    .number("stamp_quantity_invalid")
    .int("stamp_quantity_invalid")
    .min(1, "stamp_quantity_invalid")
    .max(STAMP_QUANTITY_MAX, "stamp_quantity_invalid")
    .default(1),
  /**
   * The purchase's amount in cents, when the programme gives stamps by value ("1 carimbo a cada
   * R$ X"): the stamps are the amount over X, at most the rule's maximum per purchase.
   */
  amountCents: z
    .number("stamp_amount_invalid")
    .int("stamp_amount_invalid")
    .min(1, "stamp_amount_invalid")
    .max(100_000_000, "stamp_amount_invalid")
    .optional(),
  /**
   * A Gerente's or Dono's reason to stamp past the interval or the daily cap (logged with the
   * stamp); an Atendente's override is refused.
   */
  overrideReason: z
    .string()
    .trim()
    .min(3, "override_reason_required")
    .max(OVERRIDE_REASON_MAX_LENGTH, "override_reason_too_long")
    .optional(),
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

export const StampSchema = z
  .object({
    id: z.string(),
    method: z.enum(STAMP_METHODS),
    count: z.number().int(),
    status: z.enum(["pending", "approved", "rejected"]),
    notes: z.string().nullable(),
    /**
     * The team member who gave it, or who approved or refused the claim ("por Ana"); null for a
     * rule's stamp (birthday, referral: the method says it) and a self-stamp.
     */
    givenByName: z.string().nullable(),
    /** Given through the public API: the key's name ("via PDV"); null otherwise. */
    viaKey: z.string().nullable(),
    /** The customer took it by scanning the counter screen's code (/balcao/qr). */
    selfService: z.boolean(),
    /** A Gerente's or Dono's reason for giving it past the interval or the daily cap. */
    overrideReason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "Stamp" });
export type Stamp = z.infer<typeof StampSchema>;

// ---------------------------------------------------------------------------------------------
// Self-stamps: a signed-in customer scans the counter screen's rotating code (/balcao/qr)

export const SELF_STAMP_TOKEN_MAX_LENGTH = 200;

/** The counter screen's code: the QR code's link (`/carimbar?c=<token>`) and when it changes. */
export const SelfStampCodeSchema = z
  .object({
    token: z.string(),
    url: z.string(),
    /** When the next code is shown (the one shown still works 30 s more). */
    refreshAt: z.string(),
  })
  .meta({ id: "SelfStampCode" });
export type SelfStampCode = z.infer<typeof SelfStampCodeSchema>;

/** `POST /api/me/self-stamps`: the code read from the QR code's link (`?c=`). */
export const SelfStampSchema = z.object({
  token: z
    .string("self_stamp_code_required")
    .trim()
    .min(1, "self_stamp_code_required")
    .max(SELF_STAMP_TOKEN_MAX_LENGTH, "self_stamp_code_required"),
});
export type SelfStamp = z.infer<typeof SelfStampSchema>;

/** The stamp the customer got, and their card after it. */
export const SelfStampResultSchema = z
  .object({
    added: z.number().int(),
    card: z.object({
      id: z.string(),
      companyId: z.string(),
      companyName: z.string(),
      stamps: z.number().int(),
      maxStamps: z.number().int(),
      status: z.enum(["active", "complete", "redeemed"]),
    }),
  })
  .meta({ id: "SelfStampResult" });
export type SelfStampResult = z.infer<typeof SelfStampResultSchema>;
