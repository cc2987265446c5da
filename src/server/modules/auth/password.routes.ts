import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  ForgotPasswordSchema,
  PasswordResetDoneSchema,
  ResetPasswordSchema,
} from "@shared/auth.schema";
import type { Auth } from "../../auth";
import type { Db } from "../../db/client";
import { log } from "../../lib/log";
import { clientIp } from "../../middleware/client-ip";
import { rateLimit } from "../../middleware/rate-limit";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import type { AccountLimits } from "../../rate-limits";
import { limitEmailSends } from "../../rate-limits";
import { requestPasswordReset, resetPassword } from "./password.service";

export type PasswordDeps = {
  db: Db;
  auth: Auth;
  appUrl: string;
  limits: AccountLimits;
  trustProxyHops: number;
};

const forgotRoute = createRoute({
  method: "post",
  path: "/password/forgot",
  tags: ["session"],
  summary:
    "'Esqueci minha senha': e-mails a single-use link (one hour) when an account has the address. Same answer, at the same speed, whether it has or not.",
  request: jsonBody(ForgotPasswordSchema),
  responses: {
    202: { description: "Accepted", ...jsonContent(z.object({ ok: z.literal(true) })) },
    ...apiErrorResponses,
  },
});

const resetRoute = createRoute({
  method: "post",
  path: "/password/reset",
  tags: ["session"],
  summary:
    "Choose a new password with the link's token: every session of the account ends, the e-mail counts as confirmed; answers the role (which sign-in page to go to)",
  request: jsonBody(ResetPasswordSchema),
  responses: {
    200: { description: "Password set", ...jsonContent(PasswordResetDoneSchema) },
    ...apiErrorResponses,
  },
});

export function passwordRoutes(deps: PasswordDeps) {
  const { db } = deps;
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.on("POST", "/password/reset", rateLimit(db, deps.limits.passwordReset, deps.trustProxyHops));

  app.openapi(forgotRoute, async (c) => {
    const input = c.req.valid("json");
    // Counted per IP and per address whether or not an account has it.
    await limitEmailSends(
      db,
      input.email,
      clientIp(c, deps.trustProxyHops),
      deps.limits.emailSends,
    );
    // The lookup, the token and the e-mail happen after the answer: its status, body and timing
    // say nothing about whether the address has an account.
    setImmediate(() => {
      requestPasswordReset(deps, input).catch((error) =>
        log.error("Password recovery e-mail failed:", error),
      );
    });
    return c.json({ ok: true as const }, 202);
  });

  app.openapi(resetRoute, async (c) => {
    const input = c.req.valid("json");
    const done = await resetPassword(
      { db, auth: deps.auth, signInAccountRule: deps.limits.signInAccount },
      input,
    );
    return c.json(done, 200);
  });

  return app;
}
