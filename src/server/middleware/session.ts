import { createMiddleware } from "hono/factory";
import type { Auth } from "../auth";
import { AppError } from "../errors";

export type SessionUser = { id: string; email: string };
export type SessionVars = { user: SessionUser | null; sessionId: string | null };

/** Reads the better-auth session cookie (checked against the sessions table) into c.var.user. */
export function loadSession(auth: Auth) {
  return createMiddleware<{ Variables: SessionVars }>(async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    c.set("user", session ? { id: session.user.id, email: session.user.email } : null);
    c.set("sessionId", session?.session.id ?? null);
    await next();
  });
}

export function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw new AppError("unauthenticated", 401, "Sign in first.");
  return user;
}
