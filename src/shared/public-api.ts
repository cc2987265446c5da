import { z } from "zod";
import { EXTERNAL_SALE_ID_MAX, PURCHASE_AMOUNT_MAX_CENTS } from "./integrations.schema";

/**
 * The public API `/api/v1` (issue 33): what a till or another system sends and gets back with an
 * API key. Amounts are integer centavos, times ISO 8601 in UTC, lists cursor-paginated
 * (`{ data, nextCursor }`; `nextCursor` null on the last page). Errors are the app's
 * `{ error: { code, message, fields? } }`.
 */

/** Stamps one API call may add by count. */
export const V1_STAMP_COUNT_MAX = 50;
export const V1_PAGE_SIZE_DEFAULT = 50;
export const V1_PAGE_SIZE_MAX = 100;

const cursor = z.string().max(500, "cursor_invalid").optional().meta({
  description: "The `nextCursor` of the page before (opaque); absent for the first page.",
});
const limit = z.coerce
  .number("limit_invalid")
  .int("limit_invalid")
  .min(1, "limit_invalid")
  .max(V1_PAGE_SIZE_MAX, "limit_invalid")
  .default(V1_PAGE_SIZE_DEFAULT)
  .meta({
    description: `Rows per page, 1 to ${V1_PAGE_SIZE_MAX} (default ${V1_PAGE_SIZE_DEFAULT}).`,
  });

/** `cursor` and `limit` of every list. */
export const V1PageQuerySchema = z.object({ cursor, limit });

const filter = (description: string, max = 200) =>
  z.string().trim().min(1, "filter_invalid").max(max, "filter_invalid").optional().meta({
    description,
  });

/** `GET /api/v1/members`: the company's active members, found by one of these (or all of them). */
export const V1MemberQuerySchema = V1PageQuerySchema.extend({
  phone: filter("The member's phone, any format (its digits are compared; +55 optional)."),
  email: filter("The member's e-mail (case ignored)."),
  shortCode: filter("The member's short code as their card shows it, e.g. `K7Q-2MX`.", 20),
  qr: filter(
    "The payload of the QR code the member's card shows ('Mostrar no balcão'); valid for about a minute.",
    500,
  ),
});

export const V1MemberSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    /** The phone the company keeps for them, else their own. */
    phone: z.string().nullable(),
    /** The short code their card shows at the counter (null until they open it once). */
    shortCode: z.string().nullable(),
    joinedAt: z.string(),
    status: z.enum(["active"]),
  })
  .meta({ id: "V1Member", description: "An active member of the company." });
export type V1Member = z.infer<typeof V1MemberSchema>;

export const V1MemberPageSchema = z
  .object({ data: z.array(V1MemberSchema), nextCursor: z.string().nullable() })
  .meta({ id: "V1MemberPage" });
export type V1MemberPage = z.infer<typeof V1MemberPageSchema>;

/** `POST /api/v1/invitations`: the person is e-mailed; they become a member only by accepting. */
export const V1InviteSchema = z
  .object({
    email: z.email("email_invalid").trim().toLowerCase().max(254, "email_invalid"),
    name: z.string().trim().min(1, "name_required").max(120, "name_too_long").optional(),
    phone: z.string().trim().max(30, "phone_invalid").optional(),
  })
  .meta({ id: "V1Invite" });
export type V1Invite = z.infer<typeof V1InviteSchema>;

export const V1InvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    /** `pending` until the person accepts (they then appear in `GET /api/v1/members`). */
    status: z.enum(["pending"]),
    expiresAt: z.string(),
  })
  .meta({
    id: "V1Invitation",
    description:
      "The invitation; the same answer whether or not the e-mail already has an account, and no member data until the person accepts.",
  });
export type V1Invitation = z.infer<typeof V1InvitationSchema>;

export const V1CardSchema = z
  .object({
    id: z.string(),
    programId: z.string(),
    programName: z.string(),
    stamps: z.number().int(),
    maxStamps: z.number().int(),
    status: z.enum(["active", "complete", "redeemed"]),
    /** The reward the card opened with. */
    reward: z.string(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
    redeemedAt: z.string().nullable(),
    /** The API key's name when the card was redeemed through the API, else null. */
    redeemedViaKey: z.string().nullable(),
  })
  .meta({ id: "V1Card" });
export type V1Card = z.infer<typeof V1CardSchema>;

export const V1CardListSchema = z
  .object({ data: z.array(V1CardSchema) })
  .meta({ id: "V1CardList" });

/**
 * `POST /api/v1/stamps`: exactly one of `count` and `amountCents` ("1 carimbo a cada R$ X": the
 * company's value rule gives the stamps).
 */
export const V1AddStampsSchema = z
  .object({
    memberId: z
      .string("member_required")
      .trim()
      .min(1, "member_required")
      .max(100, "member_required"),
    count: z
      .number("stamp_count_invalid")
      .int("stamp_count_invalid")
      .min(1, "stamp_count_invalid")
      .max(V1_STAMP_COUNT_MAX, "stamp_count_invalid")
      .optional(),
    amountCents: z
      .number("stamp_amount_invalid")
      .int("stamp_amount_invalid")
      .min(1, "stamp_amount_invalid")
      .max(PURCHASE_AMOUNT_MAX_CENTS, "stamp_amount_invalid")
      .optional()
      .meta({
        description: `The purchase's amount in centavos (R$ 47,50 = 4750), 1 to ${PURCHASE_AMOUNT_MAX_CENTS}.`,
      }),
    externalSaleId: z
      .string("external_sale_id_invalid")
      .trim()
      .min(1, "external_sale_id_invalid")
      .max(EXTERNAL_SALE_ID_MAX, "external_sale_id_invalid")
      .optional()
      .meta({
        description:
          "The till's own id of the sale: the same sale stamps once (a repeat answers the first stamp with 200).",
      }),
    programId: z
      .string()
      .trim()
      .min(1, "program_required")
      .max(100, "program_required")
      .optional()
      .meta({ description: "The programme (the company's default when absent)." }),
  })
  .superRefine((input, ctx) => {
    if ((input.count === undefined) === (input.amountCents === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [input.count === undefined ? "count" : "amountCents"],
        message: "stamp_count_or_amount",
      });
    }
  })
  .meta({ id: "V1AddStamps" });
export type V1AddStamps = z.infer<typeof V1AddStampsSchema>;

export const V1CardProgressSchema = z
  .object({
    id: z.string(),
    programId: z.string(),
    stamps: z.number().int(),
    maxStamps: z.number().int(),
    status: z.enum(["active", "complete", "redeemed"]),
  })
  .meta({ id: "V1CardProgress" });

export const V1StampSchema = z
  .object({
    id: z.string(),
    memberId: z.string(),
    cardId: z.string(),
    /** Stamps this grant added to the card (never past its maximum). */
    count: z.number().int(),
    amountCents: z.number().int().nullable(),
    externalSaleId: z.string().nullable(),
    /** The API key's name when given through the API, else null (the panel, the counter, a rule). */
    viaKey: z.string().nullable(),
    /** The card now. */
    card: V1CardProgressSchema,
    createdAt: z.string(),
  })
  .meta({ id: "V1Stamp" });
export type V1Stamp = z.infer<typeof V1StampSchema>;

export const V1StampPageSchema = z
  .object({
    data: z.array(V1StampSchema),
    nextCursor: z.string().nullable().meta({
      description:
        "Where to ask from next time: the last row's cursor (or the one you sent when nothing is new; null only when there is nothing yet). Keep it, even at the end.",
    }),
    hasMore: z
      .boolean()
      .meta({ description: "More rows are waiting now: ask again with `nextCursor`." }),
  })
  .meta({ id: "V1StampPage" });
export type V1StampPage = z.infer<typeof V1StampPageSchema>;

/** `POST /api/v1/cards/{id}/redeem`: an optional note kept with the redemption. */
export const V1RedeemSchema = z
  .object({ notes: z.string().trim().max(500, "redeem_notes_too_long").optional() })
  .meta({ id: "V1Redeem" });
export type V1Redeem = z.infer<typeof V1RedeemSchema>;

export const V1RedemptionSchema = z
  .object({
    cardId: z.string(),
    memberId: z.string(),
    programId: z.string(),
    reward: z.string(),
    redeemedAt: z.string(),
    viaKey: z.string().nullable(),
  })
  .meta({ id: "V1Redemption" });

export const V1RedemptionPageSchema = z
  .object({
    data: z.array(V1RedemptionSchema),
    nextCursor: z.string().nullable().meta({
      description:
        "Where to ask from next time: the last row's cursor (or the one you sent when nothing is new; null only when there is nothing yet). Keep it, even at the end.",
    }),
    hasMore: z
      .boolean()
      .meta({ description: "More rows are waiting now: ask again with `nextCursor`." }),
  })
  .meta({ id: "V1RedemptionPage" });
export type V1RedemptionPage = z.infer<typeof V1RedemptionPageSchema>;
