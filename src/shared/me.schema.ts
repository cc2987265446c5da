import { z } from "zod";

export const RoleSchema = z.enum(["admin", "customer"]);
export type Role = z.infer<typeof RoleSchema>;

export const ProfileSchema = z.object({
  id: z.string(),
  role: RoleSchema,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  birthDate: z.string().nullable(),
  origin: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const CompanySummarySchema = z.object({
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
  /** trial until trialEndsAt; paid while a paid period runs; expired otherwise (read-only panel). */
  planStatus: z.enum(["trial", "paid", "expired"]),
  defaultMaxStamps: z.number().int(),
});
export type CompanySummary = z.infer<typeof CompanySummarySchema>;

export const MeSchema = z.object({
  user: z.object({ id: z.string(), email: z.string(), emailVerified: z.boolean() }),
  profile: ProfileSchema,
  company: CompanySummarySchema.nullable(),
});
export type Me = z.infer<typeof MeSchema>;

export const PublicCompanySchema = z.object({
  id: z.string(),
  tradeName: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  sector: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type PublicCompany = z.infer<typeof PublicCompanySchema>;
