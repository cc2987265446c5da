import { z } from "zod";
import { SECTORS, STATE_CODES } from "./brazil";
import { CITY_MAX_LENGTH, INTEREST_DESCRIPTION_MAX_LENGTH } from "./limits";
import { text } from "./text";

export const INTEREST_STATUSES = ["pending", "answered"] as const;

/** Interests per customer in a window (spec: none; against flooding the companies of a city). */
export const INTEREST_RATE_LIMIT = { max: 10, windowSeconds: 60 * 60 } as const;

/** Spec section 5: a missing field, whichever, is 'Por favor, preencha todos os campos.' */
const REQUIRED = "interest_fields_required";

/**
 * A customer's interest (spec `interesses_clientes`): a kind of business (a sector) in a city.
 * The same schema validates the form and the API.
 */
export const CreateInterestSchema = z.object({
  sector: z.enum(SECTORS, REQUIRED),
  city: text({ message: REQUIRED }).trim().min(1, REQUIRED).max(CITY_MAX_LENGTH, "city_too_long"),
  state: z
    .string(REQUIRED)
    .trim()
    .toUpperCase()
    .min(1, REQUIRED)
    .pipe(z.enum(STATE_CODES, "state_invalid")),
  description: text({ multiline: true, message: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(INTEREST_DESCRIPTION_MAX_LENGTH, "interest_description_too_long"),
});
export type CreateInterest = z.infer<typeof CreateInterestSchema>;

/** An interest as its customer sees it. */
export const InterestSchema = z
  .object({
    id: z.string(),
    sector: z.enum(SECTORS),
    city: z.string(),
    state: z.string(),
    description: z.string(),
    status: z.enum(INTEREST_STATUSES),
    createdAt: z.string(),
  })
  .meta({ id: "Interest" });
export type Interest = z.infer<typeof InterestSchema>;

/**
 * An interest as a matching company (same sector, same city) sees it on /mensagens. `status` is
 * this company's: pending (it may answer) until it answered, whatever other companies did.
 */
export const CompanyInterestSchema = InterestSchema.extend({
  customerName: z.string(),
  /** This company's answer, if it gave one. */
  reply: z.object({ body: z.string(), createdAt: z.string() }).nullable(),
}).meta({ id: "CompanyInterest" });
export type CompanyInterest = z.infer<typeof CompanyInterestSchema>;
