import { z } from "zod";
import { COUNTER_LOOKUP_MAX_LENGTH } from "./counter";
import { AddStampSchema } from "./stamps.schema";

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
