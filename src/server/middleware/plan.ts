import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { planExpiredSql } from "../modules/companies/companies.queries";
import { companies } from "../modules/companies/companies.table";
import { companyMembers } from "../modules/team/team.table";
import type { SessionVars } from "./session";

/**
 * Company writes that go on after the trial without a paid period: stamping, the claims that
 * become stamps, redemption (the customers did nothing wrong), and the user's own account
 * (security, appearance, notifications read, sign-out), and billing (subscribing and paying lift
 * the read-only state).
 */
const ALWAYS_ALLOWED = [
  /^\/api\/auth\//,
  /^\/api\/session$/,
  /^\/api\/cards\/[^/]+\/(stamps|redeem)$/,
  /^\/api\/customers\/[^/]+\/stamps$/,
  /^\/api\/claims\/[^/]+\/(approve|reject)$/,
  /^\/api\/redemption-codes\//,
  // The counter finds the customer with a POST (a scanned code is not put in a URL).
  /^\/api\/counter\/lookup$/,
  // An owner whose plan lapsed can still take someone out of the team (or change their role).
  /^\/api\/team\/members\//,
  /^\/api\/notifications\/read$/,
  /^\/api\/me\/appearance$/,
  /^\/api\/security\//,
  // Billing: an expired company must be able to subscribe and pay (and the dev checkout with it).
  /^\/api\/billing(\/|$)/,
  /^\/api\/dev\/billing\//,
];

/**
 * After the trial, without a paid period, a company keeps read access: its other writes answer
 * 402 `plan_expired` (the panel shows a banner). Customers are never affected.
 */
export function planGuard(db: Db) {
  return createMiddleware<{ Variables: SessionVars }>(async (c, next) => {
    const method = c.req.method;
    const user = c.var.user;
    if (
      method === "GET" ||
      method === "HEAD" ||
      method === "OPTIONS" ||
      !user ||
      user.companyId === null ||
      ALWAYS_ALLOWED.some((path) => path.test(c.req.path))
    ) {
      return next();
    }
    // Read with the session; a session from better-auth's own path has not read it.
    const expired =
      user.planExpired ??
      (
        await db
          .select({ expired: planExpiredSql })
          .from(companies)
          .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
          .where(eq(companyMembers.userId, user.id))
          .limit(1)
      )[0]?.expired;
    if (expired)
      throw new AppError(
        "plan_expired",
        402,
        "The trial has ended: the company can still read its data, stamp and redeem.",
      );
    return next();
  });
}
