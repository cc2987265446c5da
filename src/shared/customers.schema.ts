import { z } from "zod";
import { birthDate, EmailSchema, NewPasswordSchema, phoneText } from "./auth.schema";
import { STATE_CODES } from "./brazil";
import { CITY_MAX_LENGTH, NAME_MAX_LENGTH } from "./limits";
import { CARD_STATUSES } from "./loyalty.schema";
import { ConversationMessageSchema } from "./messages.schema";

/** /clientes: customers per page. */
export const CUSTOMERS_PAGE_SIZE = 20;
/** A search counts its matches up to this many ('mais de 1.000'); the whole base exactly. */
export const CUSTOMER_SEARCH_COUNT_CAP = 1000;
/** Longest search term the /clientes search accepts. */
export const CUSTOMER_SEARCH_MAX_LENGTH = 100;
/** Longest note a company keeps on one of its customers. */
export const CUSTOMER_NOTES_MAX_LENGTH = 1000;
/** How long an invitation e-mail's link works. */
export const INVITATION_TTL_DAYS = 7;

export const MEMBERSHIP_STATUSES = ["active", "inactive"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

const requiredCity = z
  .string()
  .trim()
  .min(1, "city_required")
  .max(CITY_MAX_LENGTH, "city_too_long");
const requiredState = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, "state_required")
  .pipe(z.enum(STATE_CODES, "state_invalid"));
/** An optional UF: empty, or one of the 27 codes (spec: at most 2 characters). */
const optionalState = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === "" || (STATE_CODES as readonly string[]).includes(v), "state_invalid");

/** 'Novo Cliente' ('Cadastrar Novo Cliente'), checked in the spec's order (section 5). */
export const CreateCustomerSchema = z.object({
  name: z.string().trim().min(1, "name_required").max(NAME_MAX_LENGTH, "name_too_long"),
  email: EmailSchema,
  phone: phoneText,
  birthDate: birthDate,
  city: requiredCity,
  state: requiredState,
});
export type CreateCustomer = z.infer<typeof CreateCustomerSchema>;

/**
 * 'Ver Detalhes' edit mode: the company's own record of the customer. An empty field means
 * "as in the customer's profile"; the customer's account never changes.
 */
export const UpdateCustomerRecordSchema = z.object({
  phone: phoneText,
  birthDate: birthDate,
  city: z.string().trim().max(CITY_MAX_LENGTH, "city_too_long"),
  state: optionalState,
  notes: z.string().trim().max(CUSTOMER_NOTES_MAX_LENGTH, "customer_notes_too_long"),
});
export type UpdateCustomerRecord = z.infer<typeof UpdateCustomerRecordSchema>;

export const SetCustomerStatusSchema = z.object({
  status: z.enum(MEMBERSHIP_STATUSES, "customer_status_invalid"),
});
export type SetCustomerStatus = z.infer<typeof SetCustomerStatusSchema>;

export const CustomerListQuerySchema = z.object({
  busca: z.string().max(CUSTOMER_SEARCH_MAX_LENGTH).optional(),
  pagina: z.coerce.number().int().min(1).max(100_000).optional(),
});

/** One row of the /clientes table (spec section 3, 'Client view model'). */
export const CustomerRowSchema = z.object({
  /** The customer's id (their profile), the one every /api/customers/{id} URL takes. */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The company's record when it has one, else the customer's profile. */
  phone: z.string().nullable(),
  birthDate: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  status: z.enum(MEMBERSHIP_STATUSES),
  totalCards: z.number().int(),
  completedCards: z.number().int(),
  /** Stamps on the open card(s). */
  currentStamps: z.number().int(),
  messages: z.number().int(),
  /** Customer messages still waiting for an answer ('Nova'). */
  pendingMessages: z.number().int(),
  joinedAt: z.string(),
});
export type CustomerRow = z.infer<typeof CustomerRowSchema>;

export const CustomerPageSchema = z.object({
  items: z.array(CustomerRowSchema),
  total: z.number().int(),
  /** More matches than CUSTOMER_SEARCH_COUNT_CAP: `total` is that cap. */
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CustomerPage = z.infer<typeof CustomerPageSchema>;

export const CustomerStatsSchema = z.object({
  total: z.number().int(),
  active: z.number().int(),
  /** Birthdays in the current São Paulo calendar month. */
  birthdaysThisMonth: z.number().int(),
});
export type CustomerStats = z.infer<typeof CustomerStatsSchema>;

/** 'Ver Detalhes': the row, the company's record as stored, the profile values and the messages. */
export const CustomerDetailsSchema = CustomerRowSchema.extend({
  notes: z.string().nullable(),
  /** The company's own record (null: as in the profile). */
  record: z.object({
    phone: z.string().nullable(),
    birthDate: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
  /** What the customer's profile says. */
  profile: z.object({
    phone: z.string().nullable(),
    birthDate: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
  conversation: z.array(ConversationMessageSchema),
});
export type CustomerDetails = z.infer<typeof CustomerDetailsSchema>;

/** 'Detalhes Cartões': one card of the customer at this company. */
export const CustomerCardSummarySchema = z.object({
  id: z.string(),
  programName: z.string(),
  stamps: z.number().int(),
  maxStamps: z.number().int(),
  status: z.enum(CARD_STATUSES),
  createdAt: z.string(),
  redeemedAt: z.string().nullable(),
});
export type CustomerCardSummary = z.infer<typeof CustomerCardSummarySchema>;

export const CreatedCustomerSchema = z.object({
  customer: CustomerRowSchema,
  /** A new account was made and an invitation e-mail sent (false: an existing customer was linked). */
  invited: z.boolean(),
});
export type CreatedCustomer = z.infer<typeof CreatedCustomerSchema>;

export const InvitationSchema = z.object({
  name: z.string(),
  email: z.string(),
  companyName: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const InvitationTokenSchema = z.string().trim().min(20).max(200);

export const AcceptInvitationSchema = z.object({
  token: InvitationTokenSchema,
  password: NewPasswordSchema,
});
export type AcceptInvitation = z.infer<typeof AcceptInvitationSchema>;
