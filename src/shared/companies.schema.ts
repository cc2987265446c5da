import { z } from "zod";
import { PLAN_STATUSES, PLANS } from "./billing.schema";
import { SECTORS, STATE_CODES } from "./brazil";
import { text } from "./text";

export const DIRECTORY_PAGE_SIZE = 12;

/** The customer's company directory filters (spec section 2: branch, city, state). */
export const DirectoryQuerySchema = z.object({
  sector: z.enum(SECTORS).optional(),
  state: z.enum(STATE_CODES).optional(),
  city: text().trim().max(80).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type DirectoryQuery = z.infer<typeof DirectoryQuerySchema>;

export const DirectoryCompanySchema = z
  .object({
    id: z.string(),
    tradeName: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    sector: z.string().nullable(),
    summary: z.string().nullable(),
    logoUrl: z.string().nullable(),
    /** The signed-in customer already takes part in its loyalty programme. */
    member: z.boolean(),
  })
  .meta({ id: "DirectoryCompany" });
export type DirectoryCompany = z.infer<typeof DirectoryCompanySchema>;

export const DirectoryPageSchema = z
  .object({
    companies: z.array(DirectoryCompanySchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: "DirectoryPage" });
export type DirectoryPage = z.infer<typeof DirectoryPageSchema>;

/** A company's special promotion as customers see it (active, within its dates). */
export const SpecialPromotionSchema = z
  .object({
    companyId: z.string(),
    companyName: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    /** Empty for promotions saved before titles were kept. */
    title: z.string(),
    description: z.string(),
    startsOn: z.string().nullable(),
    endsOn: z.string().nullable(),
  })
  .meta({ id: "SpecialPromotion" });
export type SpecialPromotion = z.infer<typeof SpecialPromotionSchema>;

export const CompanySummarySchema = z
  .object({
    id: z.string(),
    tradeName: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    sector: z.string().nullable(),
    logoUrl: z.string().nullable(),
    subscriptionActive: z.boolean(),
    trialEndsAt: z.string().nullable(),
    /**
     * trial until trialEndsAt; paid while a paid period runs; grace while an overdue charge's grace
     * runs; expired otherwise (read-only panel).
     */
    planStatus: z.enum(PLAN_STATUSES),
    /** The subscribed plan (null: none). The plan check is billing.schema's planAllows. */
    plan: z.enum(PLANS).nullable(),
    defaultMaxStamps: z.number().int(),
    /** 'Fechar conta' (issue 34): the day the owner closed the account (null: open). */
    closedAt: z.string().nullable(),
  })
  .meta({ id: "CompanySummary" });
export type CompanySummary = z.infer<typeof CompanySummarySchema>;

export const PublicCompanySchema = z
  .object({
    id: z.string(),
    tradeName: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    sector: z.string().nullable(),
    logoUrl: z.string().nullable(),
  })
  .meta({ id: "PublicCompany" });
export type PublicCompany = z.infer<typeof PublicCompanySchema>;
