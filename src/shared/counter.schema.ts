import { z } from "zod";
import {
  COUNTER_LOOKUP_MAX_LENGTH,
  COUNTER_SEARCH_MAX_LENGTH,
  COUNTER_SEARCH_MIN_LENGTH,
} from "./counter";
import { AddStampSchema, STAMP_METHODS } from "./stamps.schema";

/**
 * The counter ('Balcão'): how a team member finds the customer in front of them (their QR code,
 * their short code, or a name or phone search) and what the counter shows of them. An attendant
 * sees only this: a name, a masked phone and the open cards, never the full phone or the e-mail.
 * The constants and the short code's helpers are in counter.ts (without zod, for the light entry).
 */

/** 'Mostrar no balcão': the customer's short code, the QR code's signed payload and its refresh. */
export const CounterCodeSchema = z
  .object({
    shortCode: z.string(),
    /** The QR code's content: a token signed for the current 30-second step. */
    qr: z.string(),
    /** When the QR code changes (fetch a new one then; the old one still works 30 s more). */
    refreshAt: z.string(),
  })
  .meta({ id: "CounterCode" });
export type CounterCode = z.infer<typeof CounterCodeSchema>;

/** A scanned QR code or a typed short code ('K7Q-2MX', 'k7q2mx', with spaces). */
export const CounterLookupSchema = z.object({
  code: z
    .string("counter_code_required")
    .trim()
    .min(1, "counter_code_required")
    .max(COUNTER_LOOKUP_MAX_LENGTH, "counter_code_required"),
});
export type CounterLookup = z.infer<typeof CounterLookupSchema>;

export const CounterSearchQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .min(COUNTER_SEARCH_MIN_LENGTH, "counter_search_too_short")
    .max(COUNTER_SEARCH_MAX_LENGTH, "counter_search_too_short"),
});

/** One grant of stamps on a card, as the counter shows it ("por Ana"). */
export const CounterStampSchema = z
  .object({
    id: z.string(),
    method: z.enum(STAMP_METHODS),
    count: z.number().int(),
    /** Who gave it (null: a rule's stamp, or an account since removed). */
    givenByName: z.string().nullable(),
    /** The API key's name when a till gave it through the public API ("via PDV"). */
    viaKey: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "CounterStamp" });
export type CounterStamp = z.infer<typeof CounterStampSchema>;

/** An open card (active or complete) at the counter. */
export const CounterCardSchema = z
  .object({
    id: z.string(),
    programId: z.string(),
    programName: z.string(),
    reward: z.string(),
    stamps: z.number().int(),
    maxStamps: z.number().int(),
    status: z.enum(["active", "complete"]),
  })
  .meta({ id: "CounterCard" });
export type CounterCard = z.infer<typeof CounterCardSchema>;

export const CounterCardWithHistorySchema = CounterCardSchema.extend({
  /** The latest grants, newest first (COUNTER_HISTORY_LIMIT). */
  history: z.array(CounterStampSchema),
}).meta({ id: "CounterCardWithHistory" });
export type CounterCardWithHistory = z.infer<typeof CounterCardWithHistorySchema>;

/** The customer found at the counter: name, masked phone ('(11) •••••-7777'), open cards. */
export const CounterCustomerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    maskedPhone: z.string().nullable(),
    cards: z.array(CounterCardWithHistorySchema),
  })
  .meta({ id: "CounterCustomer" });
export type CounterCustomer = z.infer<typeof CounterCustomerSchema>;

/** A counter search's match: name, masked phone and open cards (no history). */
export const CounterSearchResultSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    maskedPhone: z.string().nullable(),
    cards: z.array(CounterCardSchema),
  })
  .meta({ id: "CounterSearchResult" });
export type CounterSearchResult = z.infer<typeof CounterSearchResultSchema>;

/** What the counter's stamp form needs of the company's rules (readable by every role). */
export const CounterRulesSchema = z
  .object({
    /** Stamps one purchase is worth. */
    purchaseStamps: z.number().int(),
    /** Stamps by value: one per this many cents (null: off), at most maxStampsPerPurchase. */
    stampValueCents: z.number().int().nullable(),
    maxStampsPerPurchase: z.number().int().nullable(),
  })
  .meta({ id: "CounterRules" });
export type CounterRules = z.infer<typeof CounterRulesSchema>;

/**
 * A stamp the counter gave while offline, sent when the connection is back (`POST
 * /api/counter/stamps`, issue 32 item 5): who, by the code typed or scanned (or the customer the
 * counter had found before the drop), which programme (the default when absent), what was bought,
 * and when it was given (`givenAt`) and, for a QR code, when it was scanned (`scannedAt`, the
 * moment its 30-second window is checked at). No override: a manager's reason answers a refusal
 * they have seen, and an offline counter has seen none.
 */
const instant = (code: string) => z.iso.datetime({ offset: true, error: code });

export const OfflineCounterStampSchema = AddStampSchema.pick({
  method: true,
  notes: true,
  quantity: true,
  amountCents: true,
})
  .extend({
    code: z
      .string("counter_code_required")
      .trim()
      .min(1, "counter_code_required")
      .max(COUNTER_LOOKUP_MAX_LENGTH, "counter_code_required")
      .optional(),
    customerId: z.string().trim().min(1).max(100).optional(),
    programId: z.string().trim().min(1, "program_required").max(100, "program_required").optional(),
    givenAt: instant("counter_stamp_given_at_invalid"),
    scannedAt: instant("counter_stamp_given_at_invalid").optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.customerId === undefined), {
    message: "counter_code_required",
    path: ["code"],
  })
  .meta({ id: "OfflineCounterStamp" });
export type OfflineCounterStamp = z.infer<typeof OfflineCounterStampSchema>;
