import { eq } from "drizzle-orm";
import {
  type ClaimOptions,
  SOCIAL_NETWORKS,
  type SocialNetwork,
} from "../../../shared/loyalty.schema";
import type { CompanySummary, PublicCompany } from "../../../shared/me.schema";
import type { Db } from "../../db/client";
import { companies } from "./companies.table";

type CompanyRow = typeof companies.$inferSelect;

const toSummary = (c: CompanyRow): CompanySummary => ({
  id: c.id,
  tradeName: c.tradeName,
  email: c.email,
  phone: c.phone,
  city: c.city,
  state: c.state,
  sector: c.sector,
  logoUrl: c.logoUrl,
  subscriptionActive: c.subscriptionActive,
  trialEndsAt: c.trialEndsAt.toISOString(),
  defaultMaxStamps: c.defaultMaxStamps,
});

/** The company owned by the signed-in admin (null for customers). */
export async function findCompanyOfOwner(db: Db, ownerId: string): Promise<CompanySummary | null> {
  const [row] = await db.select().from(companies).where(eq(companies.ownerId, ownerId)).limit(1);
  return row ? toSummary(row) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What anyone may see of a company (the welcome card of a sign-up link). */
export async function findPublicCompany(db: Db, id: string): Promise<PublicCompany | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({
      id: companies.id,
      tradeName: companies.tradeName,
      city: companies.city,
      state: companies.state,
      sector: companies.sector,
      logoUrl: companies.logoUrl,
    })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  return row ?? null;
}

/** The claims the company's loyalty rules allow its customers. */
export async function findClaimOptions(db: Db, companyId: string): Promise<ClaimOptions> {
  const [row] = await db
    .select({
      social: companies.allowsSocialStamps,
      networks: companies.socialNetworks,
      review: companies.allowsReviewStamps,
      reviewUrl: companies.googleReviewUrl,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const networks = row?.social
    ? SOCIAL_NETWORKS.filter((n): n is SocialNetwork => row.networks.includes(n))
    : [];
  return {
    receipt: Boolean(row),
    socialNetworks: networks,
    googleReviewUrl: row?.review ? row.reviewUrl : null,
  };
}
