import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CompanySignUpSchema,
  CustomerSignUpSchema,
  MeSchema,
  ResendConfirmationSchema,
  SignInSchema,
} from "@shared/auth.schema";
import { TwoFactorChallengeSchema } from "@shared/security.schema";
import { getCookie, setCookie } from "hono/cookie";
import { AppError } from "../../errors";
import { signUpCompany, signUpCustomer } from "../../flows/sign-up";
import { clientIp, headersWithClientIp } from "../../middleware/client-ip";
import { rateLimit } from "../../middleware/rate-limit";
import { requireUser, type SessionVars } from "../../middleware/session";
import { apiErrorResponses, validationHook } from "../../openapi";
import {
  type AccountLimits,
  hitRateLimit,
  limitEmailSends,
  type RateLimitRule,
  rateLimited,
  releaseRateLimit,
} from "../../rate-limits";
import { findMe } from "./auth.queries";
import { type AccountsDeps, resendConfirmation } from "./auth.service";
import { passwordRoutes } from "./password.routes";
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE,
  DEVICE_COOKIE_PATH,
  knownDevice,
  newDeviceCookie,
} from "./sign-in-device";

/** Failed sign-ins of one known browser (its device cookie), in place of the account's bucket. */
const SIGN_IN_DEVICE_BUCKET = "sign-in-device";

const SignedUpSchema = z.object({ email: z.string() });
const json = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } } });

const signUpCompanyRoute = createRoute({
  method: "post",
  path: "/accounts/company",
  tags: ["accounts"],
  summary: "Sign up a company (admin user, profile and company with a 30-day trial)",
  request: { body: { ...json(CompanySignUpSchema), required: true } },
  responses: {
    201: { description: "Created; a confirmation e-mail was sent", ...json(SignedUpSchema) },
    ...apiErrorResponses,
  },
});

const signUpCustomerRoute = createRoute({
  method: "post",
  path: "/accounts/customer",
  tags: ["accounts"],
  summary: "Sign up a customer, with the origin parameters of the sign-up link",
  request: { body: { ...json(CustomerSignUpSchema), required: true } },
  responses: {
    201: { description: "Created; a confirmation e-mail was sent", ...json(SignedUpSchema) },
    ...apiErrorResponses,
  },
});

const resendRoute = createRoute({
  method: "post",
  path: "/accounts/confirmation",
  tags: ["accounts"],
  summary:
    "Send the e-mail confirmation link again (same answer whether the account exists or not)",
  request: { body: { ...json(ResendConfirmationSchema), required: true } },
  responses: {
    202: { description: "Accepted", ...json(z.object({ ok: z.boolean() })) },
    ...apiErrorResponses,
  },
});

const signInRoute = createRoute({
  method: "post",
  path: "/session",
  tags: ["session"],
  summary: "Sign in with e-mail and password; sets the session cookie",
  request: { body: { ...json(SignInSchema), required: true } },
  responses: {
    200: { description: "Signed in", ...json(MeSchema) },
    202: {
      description:
        "Password right, 2FA on: no session yet; send the code to POST /api/session/two-factor",
      ...json(TwoFactorChallengeSchema),
    },
    ...apiErrorResponses,
  },
});

const signOutRoute = createRoute({
  method: "delete",
  path: "/session",
  tags: ["session"],
  summary: "Sign out: the session ends on the server and its cookie stops working",
  responses: { 204: { description: "Signed out" } },
});

const meRoute = createRoute({
  method: "get",
  path: "/me",
  tags: ["session"],
  summary: "The signed-in user with profile and company",
  responses: {
    200: { description: "The session's user", ...json(MeSchema) },
    ...apiErrorResponses,
  },
});

export function authRoutes(deps: AccountsDeps & { limits: AccountLimits; trustProxyHops: number }) {
  const { db, auth } = deps;
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  const limit = (rule: RateLimitRule) => rateLimit(db, rule, deps.trustProxyHops);

  app.use("/accounts/company", limit(deps.limits.signUp));
  app.use("/accounts/customer", limit(deps.limits.signUp));

  app.route("/", passwordRoutes(deps));

  app.openapi(signUpCompanyRoute, async (c) => {
    return c.json(await signUpCompany(deps, c.req.valid("json")), 201);
  });

  app.openapi(signUpCustomerRoute, async (c) => {
    const ip = clientIp(c, deps.trustProxyHops);
    return c.json(await signUpCustomer(deps, c.req.valid("json"), ip), 201);
  });

  app.openapi(resendRoute, async (c) => {
    const { email } = c.req.valid("json");
    await limitEmailSends(db, email, clientIp(c, deps.trustProxyHops), deps.limits.emailSends);
    await resendConfirmation(deps, email);
    return c.json({ ok: true }, 202);
  });

  /**
   * Only failures count, per IP and per e-mail address (whether an account has it or not); once
   * either is used up, the attempt waits for the window to pass. A browser where this account
   * signed in before (its device cookie, sign-in-device.ts) is counted in its own bucket instead
   * of the account's: wrong passwords typed elsewhere never lock the owner out of a known
   * browser. Each attempt is counted before the password is checked (a parallel burst cannot
   * slip past the limit) and given back unless it was a wrong password.
   */
  async function withSignInLimits<T>(
    ip: string,
    email: string,
    device: string | null,
    attempt: () => Promise<T>,
  ) {
    const ipKey = `${deps.limits.signIn.bucket}:${ip}`;
    const accountRule = device
      ? { ...deps.limits.signInAccount, bucket: SIGN_IN_DEVICE_BUCKET }
      : deps.limits.signInAccount;
    const accountKey = `${accountRule.bucket}:${device ?? email}`;
    const counted: string[] = [];
    let keep = false;
    try {
      for (const [key, rule] of [
        [ipKey, deps.limits.signIn],
        [accountKey, accountRule],
      ] as const) {
        counted.push(key);
        if (!(await hitRateLimit(db, key, rule))) {
          // refused: no password was tried, but the window is used up anyway
          keep = true;
          throw rateLimited(rule.windowSeconds);
        }
      }
      return await attempt();
    } catch (error) {
      if (error instanceof AppError && error.code === "invalid_credentials") keep = true;
      throw error;
    } finally {
      if (!keep) for (const key of counted) await releaseRateLimit(db, key);
    }
  }

  app.openapi(signInRoute, async (c) => {
    const body = c.req.valid("json");
    const ip = clientIp(c, deps.trustProxyHops);
    const { secret } = await auth.$context;
    const device = knownDevice(getCookie(c, DEVICE_COOKIE), secret, body.email);
    return withSignInLimits(ip, body.email, device, async () => {
      const res = await auth.api.signInEmail({
        body: { email: body.email, password: body.password, rememberMe: true },
        headers: headersWithClientIp(c.req.raw.headers, ip),
        asResponse: true,
      });
      if (!res.ok) {
        const failure = (await res.json().catch(() => ({}))) as { code?: string };
        if (failure.code === "EMAIL_NOT_VERIFIED") {
          throw new AppError("email_not_confirmed", 403, "Email not confirmed: check the inbox.");
        }
        if (res.status === 401) {
          throw new AppError("invalid_credentials", 401, "Wrong email or password.");
        }
        throw new AppError(
          "internal_error",
          500,
          `Sign-in failed (${res.status} ${failure.code ?? ""})`,
        );
      }
      const answer = (await res.json()) as {
        user?: { id: string };
        twoFactorRedirect?: boolean;
      };
      for (const cookie of res.headers.getSetCookie())
        c.header("Set-Cookie", cookie, { append: true });
      // The password was right: this browser is known to this account from now on (renewed).
      setCookie(c, DEVICE_COOKIE, newDeviceCookie(secret, body.email), {
        path: DEVICE_COOKIE_PATH,
        maxAge: DEVICE_COOKIE_MAX_AGE,
        httpOnly: true,
        secure: deps.appUrl.startsWith("https://"),
        sameSite: "Lax",
      });
      // 2FA on: better-auth has already deleted the session; only the challenge cookie is set.
      if (answer.twoFactorRedirect) return c.json({ twoFactorRequired: true as const }, 202);
      if (!answer.user) throw new AppError("internal_error", 500, "Sign-in answered no user");
      const me = await findMe(db, answer.user.id);
      if (!me) throw new AppError("internal_error", 500, "Signed-in user has no profile");
      return c.json(me, 200);
    });
  });

  app.openapi(signOutRoute, async (c) => {
    const res = await auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    for (const cookie of res.headers.getSetCookie())
      c.header("Set-Cookie", cookie, { append: true });
    return c.body(null, 204);
  });

  app.openapi(meRoute, async (c) => {
    const user = requireUser(c.var.user);
    const me = await findMe(db, user.id);
    if (!me) throw new AppError("unauthenticated", 401, "No profile for this session.");
    return c.json(me, 200);
  });

  return app;
}
