import type { PlanStatus } from "@shared/billing.schema";
import {
  type ClaimOptions,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  socialProfile,
} from "@shared/claims.schema";
import {
  type CompanySummary,
  DIRECTORY_PAGE_SIZE,
  type DirectoryPage,
  type DirectoryQuery,
  type PublicCompany,
  type SpecialPromotion,
} from "@shared/companies.schema";
import { and, asc, count, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { saoPauloToday } from "../../db/time-zone";
import { users } from "../auth/auth.table";
import { memberships } from "../customers/memberships.table";
import { companies } from "./companies.table";

/**
 * The companies' read model: a company's row, public card, plan status, claim options and running
 * promotion as other modules read them, and the customers' company directory with whether the
 * customer already takes part (read only; the writes are in companies.service.ts).
 */

export type CompanyRow = typeof companies.$inferSelect;

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
  planStatus: planStatus(c, new Date()),
  plan: c.plan ?? null,
  defaultMaxStamps: c.defaultMaxStamps,
  closedAt: c.closedAt?.toISOString() ?? null,
});

/**
 * SQL: the company's trial is over, no paid period runs and no overdue charge's grace either (the
 * panel is read-only).
 */
export const planExpiredSql = sql<boolean>`(${companies.trialEndsAt} <= now() and coalesce(${companies.paidUntil} > now(), false) = false and coalesce(${companies.graceUntil} > now(), false) = false)`;

/** The company closed its account ('Fechar conta', issue 34): its panel is read-only. */
export const companyClosedSql = sql<boolean>`(${companies.closedAt} is not null)`;

/** The same rule as planExpiredSql, for a row already read, with which of the open states. */
export function planStatus(
  c: Pick<CompanyRow, "trialEndsAt" | "paidUntil" | "graceUntil">,
  now: Date,
): PlanStatus {
  if (c.paidUntil && c.paidUntil > now) return "paid";
  if (c.trialEndsAt > now) return "trial";
  if (c.graceUntil && c.graceUntil > now) return "grace";
  return "expired";
}

/** A company as its panel shows it (GET /api/me). */
export async function findCompanySummary(
  db: Db,
  companyId: string,
): Promise<CompanySummary | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row ? toSummary(row) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What anyone may see of a company (the welcome card of a sign-up link). A sandbox (a test key's
 * copy of a company) is never public: null, unless `includeSandbox` (its invitations).
 */
export async function findPublicCompany(
  db: Db,
  id: string,
  { includeSandbox = false } = {},
): Promise<PublicCompany | null> {
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
    .where(and(eq(companies.id, id), includeSandbox ? undefined : isNull(companies.sandboxOf)))
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
      socialStamps: companies.socialStamps,
      socialBonus: companies.socialBonus,
      reviewStamps: companies.reviewStamps,
      reviewBonus: companies.reviewBonus,
      instagram: companies.instagram,
      facebook: companies.facebook,
      x: companies.x,
      tiktok: companies.tiktok,
      youtube: companies.youtube,
      linkedin: companies.linkedin,
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
    socialProfiles: networks.flatMap((n) => socialProfile(n, row?.[n]) ?? []),
    // What each claim earns (loyalty rules): its stamps and, when the company wrote one, the bonus.
    social: { stamps: row?.socialStamps ?? 1, bonus: row?.socialBonus || null },
    review: { stamps: row?.reviewStamps ?? 1, bonus: row?.reviewBonus || null },
  };
}

/**
 * SQL: the company is listed in the customers' directory: an active subscription, and an owner who
 * confirmed their e-mail (a sign-up never confirmed is not a business customers can join).
 */
const listedInDirectory = () =>
  and(
    eq(companies.subscriptionActive, true),
    // A sandbox copies the live company's subscription: never listed.
    isNull(companies.sandboxOf),
    // A closed company ('Fechar conta') takes no one.
    isNull(companies.closedAt),
    sql`exists (select 1 from ${users} where ${users.id} = ${companies.ownerId} and ${users.emailVerified})`,
  );

/** The directory's city filter: the cities of the companies the directory lists, sorted. */
export async function listDirectoryCities(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ city: sql<string>`btrim(${companies.city})` })
    .from(companies)
    .where(
      and(listedInDirectory(), isNotNull(companies.city), ne(sql`btrim(${companies.city})`, "")),
    )
    .orderBy(sql`btrim(${companies.city})`)
    .limit(500);
  return rows.map((r) => r.city);
}

/**
 * Special promotions customers see: active, with a description, and today (São Paulo calendar)
 * within their dates when they have dates; of companies with an active subscription.
 */
function runningPromotions(db: Db) {
  const today = saoPauloToday();
  return {
    query: db
      .select({
        companyId: companies.id,
        companyName: companies.tradeName,
        city: companies.city,
        state: companies.state,
        title: companies.promotionTitle,
        description: companies.promotionDescription,
        startsOn: companies.promotionStartsOn,
        endsOn: companies.promotionEndsOn,
      })
      .from(companies),
    running: and(
      eq(companies.subscriptionActive, true),
      isNull(companies.sandboxOf),
      isNull(companies.closedAt),
      eq(companies.promotionActive, true),
      isNotNull(companies.promotionDescription),
      ne(sql`btrim(${companies.promotionDescription})`, ""),
      sql`(${companies.promotionStartsOn} is null or ${companies.promotionStartsOn} <= ${today})`,
      sql`(${companies.promotionEndsOn} is null or ${companies.promotionEndsOn} >= ${today})`,
    ),
  };
}

const toPromotion = (r: {
  title: string | null;
  description: string | null;
}): Pick<SpecialPromotion, "title" | "description"> => ({
  title: r.title ?? "",
  description: r.description ?? "",
});

export async function listSpecialPromotions(db: Db): Promise<SpecialPromotion[]> {
  const { query, running } = runningPromotions(db);
  const rows = await query
    .where(running)
    .orderBy(asc(companies.promotionEndsOn), asc(companies.tradeName))
    .limit(100);
  return rows.map((r) => ({ ...r, ...toPromotion(r) }));
}

/** The company's special promotion when it is running today (its page for customers). */
export async function findRunningPromotion(
  db: Db,
  companyId: string,
): Promise<SpecialPromotion | null> {
  const { query, running } = runningPromotions(db);
  const [row] = await query.where(and(eq(companies.id, companyId), running)).limit(1);
  return row ? { ...row, ...toPromotion(row) } : null;
}

/** The company's row, or null. */
export async function findCompany(db: Db, companyId: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row ?? null;
}

/** SQL twin of the city match: lower-case, no accents (carimbou_search_key, migration 0005). */
const cityKey = (value: unknown) => sql`carimbou_search_key(btrim(${value}))`;

/**
 * The customer's company directory: companies with an active subscription whose owner confirmed
 * their e-mail, filtered by sector, state and city (ignoring case and accents), by name; `member`
 * tells whether the customer already takes part.
 */
export async function listDirectory(
  db: Db,
  customerId: string,
  query: DirectoryQuery,
): Promise<DirectoryPage> {
  const city = query.city?.trim();
  const where = and(
    listedInDirectory(),
    query.sector ? eq(companies.sector, query.sector) : undefined,
    query.state ? eq(companies.state, query.state) : undefined,
    city ? sql`${cityKey(companies.city)} = ${cityKey(city)}` : undefined,
  );
  const offset = (query.page - 1) * DIRECTORY_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: companies.id,
        tradeName: companies.tradeName,
        city: companies.city,
        state: companies.state,
        sector: companies.sector,
        summary: companies.summary,
        logoUrl: companies.logoUrl,
        membershipId: memberships.id,
      })
      .from(companies)
      .leftJoin(
        memberships,
        and(eq(memberships.companyId, companies.id), eq(memberships.customerId, customerId)),
      )
      .where(where)
      .orderBy(asc(sql`lower(${companies.tradeName})`), asc(companies.id))
      .limit(DIRECTORY_PAGE_SIZE)
      .offset(offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return {
    companies: rows.map(({ membershipId, ...c }) => ({ ...c, member: membershipId !== null })),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: DIRECTORY_PAGE_SIZE,
  };
}
