import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { companyClosedSql, planExpiredSql } from "../modules/companies/companies.queries";
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
  // 'Fechar conta' and 'Restaurar conta' (issue 34): a lapsed trial can still close or come back.
  /^\/api\/company\/closure$/,
];

/**
 * A closed company's panel ('Fechar conta', issue 34) writes only this: the closure itself
 * (restoring it), sign-in and sign-out, and better-auth's own paths. Its reads go on (the backup
 * download, billing's pages), and so does every customer's own write.
 */
const CLOSED_ALLOWED = [
  /^\/api\/auth\//,
  /^\/api\/session$/,
  /^\/api\/company\/closure$/,
  // The member's own theme and language.
  /^\/api\/me\/appearance$/,
];

/**
 * The company's state guards its team's writes (reads are never refused): a closed company's
 * answer 403 `company_closed` (except CLOSED_ALLOWED); after the trial, without a paid period, a
 * company keeps read access and its other writes answer 402 `plan_expired` (the panel shows a
 * banner). Customers are never affected.
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
      user.companyId === null
    ) {
      return next();
    }
    const path = c.req.path;
    const closedAllowed = CLOSED_ALLOWED.some((allowed) => allowed.test(path));
    const planAllowed = ALWAYS_ALLOWED.some((allowed) => allowed.test(path));
    if (closedAllowed && planAllowed) return next();
    // Read with the session; a session from better-auth's own path has not read it.
    const state =
      user.planExpired != null && user.companyClosed != null
        ? { expired: user.planExpired, closed: user.companyClosed }
        : (
            await db
              .select({ expired: planExpiredSql, closed: companyClosedSql })
              .from(companies)
              .innerJoin(companyMembers, eq(companyMembers.companyId, companies.id))
              .where(eq(companyMembers.userId, user.id))
              .limit(1)
          )[0];
    if (state?.closed && !closedAllowed) {
      throw new AppError("company_closed", 403, "The company closed its account.");
    }
    if (state?.expired && !planAllowed)
      throw new AppError(
        "plan_expired",
        402,
        "The trial has ended: the company can still read its data, stamp and redeem.",
      );
    return next();
  });
}
