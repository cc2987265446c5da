import type { MemberRole } from "@shared/team-permissions";
import { eq, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Auth } from "../auth";
import type { Db } from "../db/client";
import { reusableQuery } from "../db/prepared";
import { AppError } from "../errors";
import { sessions, users } from "../modules/auth/auth.table";
import { profiles } from "../modules/auth/profiles.table";
import { companyClosedSql, planExpiredSql } from "../modules/companies/companies.queries";
import { companies } from "../modules/companies/companies.table";
import { companyMembers } from "../modules/team/team.table";
import { signedCookie } from "../session-cookie";

export type SessionUser = {
  id: string;
  email: string;
  /**
   * Read with the session, so the actor checks need no query of their own: the company whose team the
   * user is in (null: none) and the profile's role (null: no profile). Undefined when not loaded.
   */
  companyId?: string | null;
  role?: "admin" | "customer" | null;
  /** The user's role in that company's team (null: not a member). */
  memberRole?: MemberRole | null;
  /** The shop the member works at (null: any). */
  locationId?: string | null;
  /** The owned company's trial is over without a paid period (see middleware/plan.ts). */
  planExpired?: boolean | null;
  /** The company closed its account ('Fechar conta', issue 34; see middleware/plan.ts). */
  companyClosed?: boolean | null;
};
export type SessionVars = { user: SessionUser | null; sessionId: string | null };

/**
 * Reads the better-auth session cookie into c.var.user, checked against the sessions table on every
 * request (a sign-out or a deleted session takes effect at once).
 *
 * better-auth's `getSession` costs about 3 ms of the one JS thread per request, so the common case
 * is done here: the cookie's HMAC is verified as better-call does, and the session, its user, the
 * user's company and role come from one query by the unique token. Whatever better-auth would do
 * more than read — delete an expired session, push a session's expiry forward once `updateAge` has
 * passed — and any configuration this path does not mirror go through `getSession` itself.
 */
export function loadSession(auth: Auth, db: Db) {
  const lookup = reusableQuery("load_session", (handle) =>
    handle
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        userId: users.id,
        email: users.email,
        companyId: companies.id,
        role: profiles.role,
        memberRole: companyMembers.role,
        locationId: companyMembers.locationId,
        planExpired: planExpiredSql,
        companyClosed: companyClosedSql,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(profiles, eq(profiles.id, sessions.userId))
      .leftJoin(companyMembers, eq(companyMembers.userId, sessions.userId))
      .leftJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(sessions.token, sql.placeholder("token")))
      .limit(1),
  );

  const viaBetterAuth = async (headers: Headers) => {
    const session = await auth.api.getSession({ headers });
    return session
      ? { user: { id: session.user.id, email: session.user.email }, sessionId: session.session.id }
      : null;
  };

  const fastPath = async (headers: Headers) => {
    const ctx = await auth.$context;
    // Session data kept outside the database, or cached in a cookie, is better-auth's business.
    if (ctx.secondaryStorage || "cookieCache" in (ctx.options.session ?? {})) {
      return viaBetterAuth(headers);
    }
    const token = signedCookie(
      headers.get("cookie"),
      ctx.authCookies.sessionToken.name,
      ctx.secret,
    );
    if (!token) return null;
    const [row] = await lookup(db, { token });
    if (!row) return null;
    const now = Date.now();
    const expiresAt = row.expiresAt.getTime();
    const { expiresIn, updateAge } = ctx.sessionConfig;
    if (expiresAt < now || expiresAt - expiresIn * 1000 + updateAge * 1000 <= now) {
      return viaBetterAuth(headers);
    }
    const user: SessionUser = {
      id: row.userId,
      email: row.email,
      companyId: row.companyId,
      role: row.role,
      memberRole: row.memberRole,
      locationId: row.locationId,
      planExpired: row.planExpired,
      companyClosed: row.companyClosed,
    };
    return { user, sessionId: row.sessionId };
  };

  return createMiddleware<{ Variables: SessionVars }>(async (c, next) => {
    const session = await fastPath(c.req.raw.headers);
    c.set("user", session?.user ?? null);
    c.set("sessionId", session?.sessionId ?? null);
    await next();
  });
}

export function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError("unauthenticated", 401, "Sign in first.");
  return user;
}
