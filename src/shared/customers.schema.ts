import { z } from "zod";
import {
  birthDate,
  CustomerSignUpSchema,
  EmailSchema,
  NewPasswordSchema,
  phoneText,
} from "./auth.schema";
import { STATE_CODES } from "./brazil";
import { CARD_STATUSES, CompanyCardSchema } from "./cards.schema";
import { LANGUAGES } from "./languages";
import { CITY_MAX_LENGTH, NAME_MAX_LENGTH } from "./limits";
import { ConversationMessageSchema } from "./messages.schema";
import { text } from "./text";

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
/** 'Novo Cliente' invitations a company may send in a day (refreshing a pending one counts). */
export const INVITATIONS_PER_DAY = 30;
/** How a membership made by accepting a company's invitation is recorded (memberships.origin). */
export const INVITATION_ORIGIN = "convite_empresa";

export const MEMBERSHIP_STATUSES = ["active", "inactive"] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

const requiredCity = text().trim().min(1, "city_required").max(CITY_MAX_LENGTH, "city_too_long");
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
  name: text().trim().min(1, "name_required").max(NAME_MAX_LENGTH, "name_too_long"),
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
  city: text().trim().max(CITY_MAX_LENGTH, "city_too_long"),
  state: optionalState,
  notes: text({ multiline: true }).trim().max(CUSTOMER_NOTES_MAX_LENGTH, "customer_notes_too_long"),
});
export type UpdateCustomerRecord = z.infer<typeof UpdateCustomerRecordSchema>;

export const SetCustomerStatusSchema = z.object({
  status: z.enum(MEMBERSHIP_STATUSES, "customer_status_invalid"),
});
export type SetCustomerStatus = z.infer<typeof SetCustomerStatusSchema>;

const customerSearch = text().max(CUSTOMER_SEARCH_MAX_LENGTH).optional();
const customerPage = z.coerce.number().int().min(1).max(100_000).optional();

/**
 * GET /api/customers/directory: `search` and `page`, as every list of the API names them. The
 * first names, `busca` and `pagina`, are still accepted (each validated under its own name);
 * `search` and `page` win when both come. The /clientes page keeps `?busca=` in its own URL.
 */
export const CustomerListQuerySchema = z.object({
  search: customerSearch,
  page: customerPage,
  busca: customerSearch.meta({ deprecated: true, description: "Former name of `search`." }),
  pagina: customerPage.meta({ deprecated: true, description: "Former name of `page`." }),
});
export type CustomerListQuery = z.infer<typeof CustomerListQuerySchema>;

/** The search term and page of a customer list query, whichever names it came with. */
export const customerListParams = (query: CustomerListQuery) => ({
  search: query.search ?? query.busca,
  page: query.page ?? query.pagina,
});

/** One row of the /clientes table (spec section 3, 'Client view model'). */
export const CustomerRowSchema = z
  .object({
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
    /** Sent by a partner company (joined through its partnership link): its name; else null. */
    partnerOrigin: z.string().nullable(),
  })
  .meta({ id: "CustomerRow" });
export type CustomerRow = z.infer<typeof CustomerRowSchema>;

export const CustomerPageSchema = z
  .object({
    items: z.array(CustomerRowSchema),
    total: z.number().int(),
    /** More matches than CUSTOMER_SEARCH_COUNT_CAP: `total` is that cap. */
    totalCapped: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: "CustomerPage" });
export type CustomerPage = z.infer<typeof CustomerPageSchema>;

export const CustomerStatsSchema = z
  .object({
    total: z.number().int(),
    active: z.number().int(),
    /** Birthdays in the current São Paulo calendar month. */
    birthdaysThisMonth: z.number().int(),
  })
  .meta({ id: "CustomerStats" });
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
}).meta({ id: "CustomerDetails" });
export type CustomerDetails = z.infer<typeof CustomerDetailsSchema>;

/** 'Detalhes Cartões': one card of the customer at this company. */
export const CustomerCardSummarySchema = z
  .object({
    id: z.string(),
    programName: z.string(),
    /** The reward fixed when the card opened. */
    reward: z.string(),
    stamps: z.number().int(),
    maxStamps: z.number().int(),
    status: z.enum(CARD_STATUSES),
    createdAt: z.string(),
    redeemedAt: z.string().nullable(),
  })
  .meta({ id: "CustomerCardSummary" });
export type CustomerCardSummary = z.infer<typeof CustomerCardSummarySchema>;

/**
 * How an invitation looks to the company that sent it: only what it typed and where it stands.
 * 'declined' says only that the invitation was declined, nothing about the person's account.
 */
export const COMPANY_INVITATION_STATUSES = ["pending", "scheduled", "expired", "declined"] as const;
export type CompanyInvitationStatus = (typeof COMPANY_INVITATION_STATUSES)[number];

export const CompanyInvitationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** Null for an imported phone-only row (invited by a short code). */
    email: z.string().nullable(),
    phone: z.string().nullable(),
    birthDate: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    /** `scheduled`: an import's invitation whose e-mail waits for a later day (the daily limit). */
    status: z.enum(COMPANY_INVITATION_STATUSES),
    createdAt: z.string(),
    expiresAt: z.string(),
    /** The paper card's stamps given when the person accepts (0 for 'Novo Cliente'). */
    stamps: z.number().int(),
    /** The import that made it (null: 'Novo Cliente'). */
    importId: z.string().nullable(),
    /** A phone-only row's short invitation code (XXXX-XXXX), else null. */
    code: z.string().nullable(),
  })
  .meta({ id: "CompanyInvitation" });
export type CompanyInvitation = z.infer<typeof CompanyInvitationSchema>;

/**
 * 'Novo Cliente' answers the same for every e-mail (an account or not, a member already or not):
 * the invitation as typed. The person becomes a customer only by accepting it.
 */
export const CreatedInvitationSchema = z
  .object({ invitation: CompanyInvitationSchema })
  .meta({ id: "CreatedInvitation" });
export type CreatedInvitation = z.infer<typeof CreatedInvitationSchema>;

/**
 * The invitation behind an e-mailed link (/convite). `password`: a legacy invitation (the account
 * was made by 'Novo Cliente' before consent) that sets the password; `consent`: the person accepts
 * or declines, signing in first when `hasAccount`, else creating their account in the same step.
 */
export const InvitationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(["password", "consent"]),
    /** Legacy: the account's name; consent: the name the company typed (to prefill the form). */
    name: z.string(),
    email: z.string(),
    companyName: z.string(),
    /** The e-mail has an account with a password (sign in to answer). */
    hasAccount: z.boolean(),
    /** Consent: what the company typed in 'Novo Cliente' (prefills the form); legacy: null. */
    phone: z.string().nullable(),
    birthDate: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  })
  .meta({ id: "Invitation" });
export type Invitation = z.infer<typeof InvitationSchema>;

export const InvitationTokenSchema = z.string().trim().min(20).max(200);

/** A legacy invitation: the password of the account 'Novo Cliente' made. */
export const AcceptInvitationSchema = z.object({
  token: InvitationTokenSchema,
  password: NewPasswordSchema,
});
export type AcceptInvitation = z.infer<typeof AcceptInvitationSchema>;

/** Declining by the link, without signing in. */
export const InvitationTokenBodySchema = z.object({ token: InvitationTokenSchema });

/** /convite without an account: the person's own data and password; accepts in the same step. */
export const InvitationSignUpSchema = CustomerSignUpSchema.omit({
  email: true,
  origin: true,
}).extend({ token: InvitationTokenSchema });
export type InvitationSignUp = z.infer<typeof InvitationSignUpSchema>;

/** /dashboard-cliente: an invitation addressed to the signed-in customer's e-mail. */
export const MyInvitationSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    companyName: z.string(),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: "MyInvitation" });
export type MyInvitation = z.infer<typeof MyInvitationSchema>;

export const InvitationAnswerSchema = z
  .object({
    companyId: z.string(),
    companyName: z.string(),
    accepted: z.boolean(),
  })
  .meta({ id: "InvitationAnswer" });
export type InvitationAnswer = z.infer<typeof InvitationAnswerSchema>;

/**
 * The signed-in customer joins a company through its link; `referrerId` is the personal link's
 * `indicador` (a referral counts only when the customer is new to the company).
 */
export const JoinCompanySchema = z.object({
  companyId: z.string().trim().min(1).max(100),
  referrerId: z
    .string()
    .trim()
    .max(100)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional(),
  /**
   * The partnership link's `parceria` (`<sender>_<company>`): the customer was sent by a partner
   * of the company (recorded only when the two have an active partnership).
   */
  partnership: z
    .string()
    .trim()
    .max(200)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional(),
  /**
   * The unticked box 'Quero receber promoções…' (IA Suprema's campaigns): ticked, the consent is
   * recorded with the text in `language` (assistant.schema's marketingConsentText).
   */
  marketingConsent: z.boolean().optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type JoinCompany = z.input<typeof JoinCompanySchema>;

/** A company customer (membership) found by the add-stamp search. */
export const CompanyCustomerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    /** The open card in the default programme (else the oldest open card), or null. */
    openCard: z.union([CompanyCardSchema, z.null()]),
    /** Every open (active or complete) card, one per programme, oldest first. */
    openCards: z.array(CompanyCardSchema),
  })
  .meta({ id: "CompanyCustomer" });
export type CompanyCustomer = z.infer<typeof CompanyCustomerSchema>;
