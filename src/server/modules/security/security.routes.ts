import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { MeSchema } from "@shared/auth.schema";
import {
  AccessLogSchema,
  ChangePasswordSchema,
  ConfirmTwoFactorSchema,
  PasswordConfirmationSchema,
  SecurityStatusSchema,
  SignInTwoFactorSchema,
  TwoFactorEnrolmentSchema,
} from "@shared/security.schema";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { Auth } from "../../auth";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { clientIp, headersWithClientIp } from "../../middleware/client-ip";
import { rateLimit } from "../../middleware/rate-limit";
import { requireUser, type SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import { enforceRateLimit, type RateLimitRule } from "../../rate-limits";
import { findMe } from "../auth/auth.queries";
import { listAccessLog } from "./access-log.service";
import {
  ChallengeExpired,
  changePassword,
  confirmTwoFactor,
  disableTwoFactor,
  findSecurityStatus,
  startTwoFactor,
  verifySignInCode,
} from "./security.service";

export type SecurityDeps = {
  db: Db;
  auth: Auth;
  trustProxyHops: number;
  /** Limit of sign-in attempts per client IP; codes and password checks count against it too. */
  signInLimit: RateLimitRule;
  /** Per account: every request that checks the password (change, 2FA on/off), from any IP. */
  passwordCheckLimit: RateLimitRule;
};

const ok = jsonContent(z.object({ ok: z.literal(true) }));

const statusRoute = createRoute({
  method: "get",
  path: "/security",
  tags: ["security"],
  summary: "Whether the signed-in user has two-factor authentication on",
  responses: {
    200: { description: "Security status", ...jsonContent(SecurityStatusSchema) },
    ...apiErrorResponses,
  },
});

const accessLogRoute = createRoute({
  method: "get",
  path: "/security/access-log",
  tags: ["security"],
  summary: "The signed-in user's last 20 sign-in attempts (successful or not), newest first",
  responses: {
    200: { description: "Access log", ...jsonContent(AccessLogSchema) },
    ...apiErrorResponses,
  },
});

const passwordRoute = createRoute({
  method: "post",
  path: "/security/password",
  tags: ["security"],
  summary:
    "Change the password (current one required); every other session ends, this one goes on with a new cookie",
  request: jsonBody(ChangePasswordSchema),
  responses: {
    200: { description: "Password changed", ...ok },
    ...apiErrorResponses,
  },
});

const enableRoute = createRoute({
  method: "post",
  path: "/security/two-factor",
  tags: ["security"],
  summary:
    "Start the TOTP enrolment (password required): the QR code URI, its key and the backup codes, shown once. 2FA is on once confirmed.",
  request: jsonBody(PasswordConfirmationSchema),
  responses: {
    200: { description: "Enrolment started", ...jsonContent(TwoFactorEnrolmentSchema) },
    ...apiErrorResponses,
  },
});

const confirmRoute = createRoute({
  method: "post",
  path: "/security/two-factor/confirm",
  tags: ["security"],
  summary: "Confirm the enrolment with a code of the authenticator app: 2FA is on",
  request: jsonBody(ConfirmTwoFactorSchema),
  responses: {
    200: { description: "2FA on", ...jsonContent(SecurityStatusSchema) },
    ...apiErrorResponses,
  },
});

const disableRoute = createRoute({
  method: "post",
  path: "/security/two-factor/disable",
  tags: ["security"],
  summary: "Turn 2FA off (password required)",
  request: jsonBody(PasswordConfirmationSchema),
  responses: {
    200: { description: "2FA off", ...jsonContent(SecurityStatusSchema) },
    ...apiErrorResponses,
  },
});

const signInCodeRoute = createRoute({
  method: "post",
  path: "/session/two-factor",
  tags: ["session"],
  summary:
    "Second step of a sign-in with 2FA: the app's code or a backup code; sets the session cookie",
  request: jsonBody(SignInTwoFactorSchema),
  responses: {
    200: { description: "Signed in", ...jsonContent(MeSchema) },
    ...apiErrorResponses,
  },
});

export function securityRoutes(deps: SecurityDeps) {
  const { db, auth } = deps;
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  const limit = (bucket: string) =>
    rateLimit(db, { ...deps.signInLimit, bucket }, deps.trustProxyHops);
  app.on("POST", "/session/two-factor", limit(deps.signInLimit.bucket));
  app.on("POST", ["/security/password", "/security/two-factor/*"], limit("password-check"));
  app.on("POST", "/security/two-factor", limit("password-check"));
  const perAccount = createMiddleware<{ Variables: SessionVars }>(async (c, next) => {
    const rule = deps.passwordCheckLimit;
    if (c.var.user) await enforceRateLimit(db, `${rule.bucket}:${c.var.user.id}`, rule);
    await next();
  });
  app.on(
    "POST",
    ["/security/password", "/security/two-factor", "/security/two-factor/disable"],
    perAccount,
  );

  const headersOf = (c: Context) =>
    headersWithClientIp(c.req.raw.headers, clientIp(c, deps.trustProxyHops));
  const forwardCookies = (c: Context, cookies: string[]) => {
    for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
  };

  app.openapi(statusRoute, async (c) => {
    const user = requireUser(c.var.user);
    return c.json(await findSecurityStatus(db, user.id), 200);
  });

  app.openapi(accessLogRoute, async (c) => {
    const user = requireUser(c.var.user);
    return c.json(await listAccessLog(db, user.id), 200);
  });

  app.openapi(passwordRoute, async (c) => {
    requireUser(c.var.user);
    const { cookies } = await changePassword(auth, headersOf(c), c.req.valid("json"));
    forwardCookies(c, cookies);
    return c.json({ ok: true as const }, 200);
  });

  app.openapi(enableRoute, async (c) => {
    requireUser(c.var.user);
    const { password } = c.req.valid("json");
    return c.json(await startTwoFactor(auth, headersOf(c), password), 200);
  });

  app.openapi(confirmRoute, async (c) => {
    const user = requireUser(c.var.user);
    const { cookies } = await confirmTwoFactor(auth, headersOf(c), c.req.valid("json").code);
    forwardCookies(c, cookies);
    return c.json(await findSecurityStatus(db, user.id), 200);
  });

  app.openapi(disableRoute, async (c) => {
    const user = requireUser(c.var.user);
    const { password } = c.req.valid("json");
    const { cookies } = await disableTwoFactor(auth, headersOf(c), password);
    forwardCookies(c, cookies);
    return c.json(await findSecurityStatus(db, user.id), 200);
  });

  app.openapi(signInCodeRoute, async (c) => {
    try {
      const { body, cookies } = await verifySignInCode(auth, db, headersOf(c), c.req.valid("json"));
      const me = await findMe(db, body.user.id);
      if (!me) throw new AppError("internal_error", 500, "Signed-in user has no profile");
      forwardCookies(c, cookies);
      return c.json(me, 200);
    } catch (error) {
      // The challenge is over: clear its cookie along with the error.
      if (error instanceof ChallengeExpired) forwardCookies(c, error.cookies);
      throw error;
    }
  });

  return app;
}
