import { z } from "zod";
import { type Sector, STATE_CODES } from "./brazil";

/**
 * Partnerships between companies (spec sections 1, 2, 3, 4 and 9): a company open to partnerships
 * ('parceria_ativa') appears in the marketplace; another sends a request with a short proposal; the
 * receiver accepts (an active partnership for both, dated `data_validacao`) or declines. Partners
 * talk in one thread per partnership and send each other customers through a partnership link;
 * each side sees only counts of the customers it sent and received, never the other's list.
 *
 * States: `pending` (the request waits for the receiver) → `active` (accepted) → `ended` (by either
 * side, final); `pending` → `declined` (by the receiver, final) or `cancelled` (by the requester).
 * At most one pending or active partnership per pair of companies.
 */
export const PARTNERSHIP_STATES = ["pending", "active", "declined", "cancelled", "ended"] as const;
export type PartnershipState = (typeof PARTNERSHIP_STATES)[number];

/** Marketplace branch options (spec section 3), mapped from the company's sector. */
export const MARKETPLACE_BRANCHES = [
  "alimentacao",
  "beleza",
  "saude",
  "moda",
  "servicos",
  "varejo",
  "outros",
] as const;
export type MarketplaceBranch = (typeof MARKETPLACE_BRANCHES)[number];

/** The sectors of each branch; a sector not listed (or none) is `outros`. */
export const BRANCH_SECTORS: Record<Exclude<MarketplaceBranch, "outros">, readonly Sector[]> = {
  alimentacao: ["alimentacao"],
  beleza: ["beleza"],
  saude: ["saude"],
  moda: ["moda"],
  servicos: ["servicos"],
  varejo: ["comercio", "casa", "pet"],
};

export function branchOfSector(sector: string | null | undefined): MarketplaceBranch {
  for (const [branch, sectors] of Object.entries(BRANCH_SECTORS)) {
    if ((sectors as readonly string[]).includes(sector ?? "")) return branch as MarketplaceBranch;
  }
  return "outros";
}

export const PARTNERSHIP_DESCRIPTION_MAX = 500;
export const PARTNERSHIP_PROPOSAL_MAX = 500;
export const PARTNERSHIP_MESSAGE_MAX = 2000;
/** Requests a company may send per day (São Paulo), whatever their outcome. */
export const PARTNERSHIP_REQUESTS_PER_DAY = 10;
/** Messages a company may write in its partner chats per hour, all threads together (issue 29). */
export const PARTNER_MESSAGES_PER_HOUR = 60;
/** Marketplace page size. */
export const MARKETPLACE_PAGE_SIZE = 12;
/** Threads shown in the /mensagens partners column (spec section 9). */
export const PARTNER_COLUMN_LIMIT = 3;
// How often an open conversation asks for new messages: ./partnerships (without zod, decision 042).

/** The link a partner gives the other's customers (spec section 9: `parceria=<sender>_<partner>`). */
export function partnershipLinkPath(partnerCompanyId: string, ownCompanyId: string): string {
  const q = new URLSearchParams({
    empresa_id: partnerCompanyId,
    parceria: `${ownCompanyId}_${partnerCompanyId}`,
  });
  return `/login-cliente?${q.toString()}`;
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "too_long")
    .transform((v) => v || null)
    .nullable();

/** PUT /api/partnerships/settings: the switch and what the company offers partners. */
export const PartnershipSettingsSchema = z.object({
  enabled: z.boolean(),
  description: optionalText(PARTNERSHIP_DESCRIPTION_MAX),
});
export type PartnershipSettings = z.infer<typeof PartnershipSettingsSchema>;

/** GET /api/partnerships/settings: the settings and the counts for the shortcuts. */
export const PartnershipOverviewSchema = z
  .object({
    enabled: z.boolean(),
    description: z.string().nullable(),
    /** Requests received and waiting for an answer. */
    pendingReceived: z.number().int(),
    /** Requests sent and not answered yet. */
    pendingSent: z.number().int(),
    active: z.number().int(),
    /** Partner messages not read and not sent by the own company (`mensagens_parcerias` unread). */
    unreadMessages: z.number().int(),
    /** Requests sent today and the daily limit. */
    requestsToday: z.number().int(),
    requestsPerDay: z.number().int(),
  })
  .meta({ id: "PartnershipOverview" });
export type PartnershipOverview = z.infer<typeof PartnershipOverviewSchema>;

/** GET /api/partnerships/marketplace query. */
export const MarketplaceQuerySchema = z.object({
  branch: z.enum(MARKETPLACE_BRANCHES).optional(),
  state: z.enum(STATE_CODES).optional(),
  /** City text: contains, ignoring case and accents. */
  city: z.string().trim().max(80).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type MarketplaceQuery = z.infer<typeof MarketplaceQuerySchema>;

export const MarketplaceCompanySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    branch: z.enum(MARKETPLACE_BRANCHES),
    logoUrl: z.string().nullable(),
    description: z.string().nullable(),
    /** The own company's relation with it: none, a pending request (either way) or active. */
    relation: z.enum(["none", "pending_sent", "pending_received", "active"]),
  })
  .meta({ id: "MarketplaceCompany" });
export type MarketplaceCompany = z.infer<typeof MarketplaceCompanySchema>;

export const MarketplacePageSchema = z
  .object({
    companies: z.array(MarketplaceCompanySchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "MarketplacePage" });
export type MarketplacePage = z.infer<typeof MarketplacePageSchema>;

/** POST /api/partnerships: 'Solicitar Parceria'. */
export const PartnershipRequestSchema = z.object({
  companyId: z.string().trim().min(1).max(100),
  proposal: z.string().trim().min(1, "proposal_required").max(PARTNERSHIP_PROPOSAL_MAX, "too_long"),
});
export type PartnershipRequest = z.infer<typeof PartnershipRequestSchema>;

/** POST /api/partnerships/:id/answer: the receiver accepts or declines. */
export const PartnershipAnswerSchema = z.object({ accept: z.boolean() });
export type PartnershipAnswer = z.infer<typeof PartnershipAnswerSchema>;

/**
 * A request or proposal as the spec's "partnership message": `nova` until the receiver opens it,
 * `lida` after, `respondida` once accepted or declined (it cannot be answered again).
 */
export const REQUEST_STATUSES = ["nova", "lida", "respondida"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** The other company of a partnership, as either side sees it. */
export const PartnerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    branch: z.enum(MARKETPLACE_BRANCHES),
    logoUrl: z.string().nullable(),
    /** What the partner offers partners (its `parceria_descricao`). */
    description: z.string().nullable(),
  })
  .meta({ id: "Partner" });
export type Partner = z.infer<typeof PartnerSchema>;

/** A partnership as one of its two companies sees it. */
export const PartnershipSchema = z
  .object({
    id: z.string(),
    state: z.enum(PARTNERSHIP_STATES),
    /** The own company sent the request. */
    requestedByMe: z.boolean(),
    partner: PartnerSchema,
    /** The request's proposal; once accepted, the partnership's description (`descricao_parceria`). */
    proposal: z.string(),
    /** For the receiver: nova → lida → respondida; for the sender, the same seen from the other side. */
    requestStatus: z.enum(REQUEST_STATUSES),
    createdAt: z.string(),
    /** `data_validacao`: when it was accepted. */
    validatedAt: z.string().nullable(),
    answeredAt: z.string().nullable(),
    endedAt: z.string().nullable(),
    /** The thread: messages not read and not sent by the own company; the last message. */
    unread: z.number().int(),
    lastMessage: z
      .object({ body: z.string(), createdAt: z.string(), fromMe: z.boolean() })
      .nullable(),
    /** Messages can be written (active only: a pending request carries just its proposal). */
    writable: z.boolean(),
    /** Active only: the link for the partner's customers to join the partner through the own company, and the counts. */
    link: z
      .object({
        /** `/login-cliente?empresa_id=<partner>&parceria=<own>_<partner>`: the own company sends customers to the partner. */
        sendPath: z.string(),
      })
      .nullable(),
    /** Customers the own company sent to the partner, and received from it (counts only). */
    sent: z.number().int(),
    received: z.number().int(),
  })
  .meta({ id: "Partnership" });
export type Partnership = z.infer<typeof PartnershipSchema>;

/** GET /api/partnerships?state=… (newest activity first). */
export const PartnershipListQuerySchema = z.object({
  state: z.enum(["pending", "active", "closed", "all"]).default("all"),
});
export const PartnershipListSchema = z
  .object({ partnerships: z.array(PartnershipSchema) })
  .meta({ id: "PartnershipList" });
export type PartnershipList = z.infer<typeof PartnershipListSchema>;

/** A chat message of a partnership's thread (spec "chat message"). */
export const PartnerMessageSchema = z
  .object({
    id: z.string(),
    body: z.string(),
    fromMe: z.boolean(),
    senderCompanyId: z.string(),
    createdAt: z.string(),
    /** Read by the receiving company (`lida`); a message is 'nova' until then. */
    readAt: z.string().nullable(),
  })
  .meta({ id: "PartnerMessage" });
export type PartnerMessage = z.infer<typeof PartnerMessageSchema>;

/** GET /api/partnerships/:id/messages?after=<message id>: oldest first, the thread marked read. */
export const PartnerMessagesQuerySchema = z.object({
  after: z.string().trim().max(100).optional(),
});
export const PartnerThreadSchema = z
  .object({
    partnership: PartnershipSchema,
    messages: z.array(PartnerMessageSchema),
  })
  .meta({ id: "PartnerThread" });
export type PartnerThread = z.infer<typeof PartnerThreadSchema>;

/** POST /api/partnerships/:id/messages: blank text is not sent. */
export const PartnerMessageInputSchema = z.object({
  body: z.string().trim().min(1, "message_required").max(PARTNERSHIP_MESSAGE_MAX, "too_long"),
});
export type PartnerMessageInput = z.infer<typeof PartnerMessageInputSchema>;

/** A customer's company page: "Parceiros de <empresa>" (GET /api/companies/:id/partners, public). */
export const PublicPartnerSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    logoUrl: z.string().nullable(),
    description: z.string().nullable(),
    /** Joins the partner with the partnership origin (the company of the page sends the customer). */
    joinPath: z.string(),
  })
  .meta({ id: "PublicPartner" });
export const PublicPartnersSchema = z
  .object({ partners: z.array(PublicPartnerSchema) })
  .meta({ id: "PublicPartners" });
export type PublicPartners = z.infer<typeof PublicPartnersSchema>;
export type PublicPartner = z.infer<typeof PublicPartnerSchema>;
