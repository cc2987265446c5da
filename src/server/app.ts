import { existsSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { OpenAPIHono } from "@hono/zod-openapi";
import { RECEIPT_MAX_BYTES } from "@shared/claims.schema";
import { LOGO_MAX_BYTES } from "@shared/company-data.schema";
import { IMPORT_MAX_BYTES } from "@shared/customer-imports";
import type { ApiErrorBody } from "@shared/errors";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { getCookie } from "hono/cookie";
import { HTTPException } from "hono/http-exception";
import { type Auth, createAuth, type PasswordHashing, trustedOrigins } from "./auth";
import type { Db } from "./db/client";
import { AppError } from "./errors";
import { JOBS } from "./jobs";
import { log } from "./lib/log";
import { apiKeyAuth } from "./middleware/api-key";
import { clientIp, headersWithClientIp } from "./middleware/client-ip";
import { jsonBody } from "./middleware/json-body";
import { planGuard } from "./middleware/plan";
import { rejectNul } from "./middleware/reject-nul";
import { sameOrigin } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { loadSession, type SessionVars } from "./middleware/session";
import { slowRequests } from "./middleware/slow-requests";
import { assistantRoutes } from "./modules/assistant/assistant.routes";
import { channelRoutes } from "./modules/assistant/channel.routes";
import { channelTestRoutes } from "./modules/assistant/channel-test.routes";
import { marketingConsentRoutes } from "./modules/assistant/consents.routes";
import type { AssistantEngine } from "./modules/assistant/engine";
import { rulesEngine } from "./modules/assistant/rules-engine";
import { appearanceRoutes } from "./modules/auth/appearance.routes";
import { authRoutes } from "./modules/auth/auth.routes";
import { counterCodeRoutes } from "./modules/auth/counter-code.routes";
import { customerProfileRoutes } from "./modules/auth/customer-profile.routes";
import { emailSettingsRoutes } from "./modules/auth/email-settings.routes";
import { backupRoutes } from "./modules/backup/backup.routes";
import { billingRoutes, devBillingRoutes } from "./modules/billing/billing.routes";
import { devProvider } from "./modules/billing/dev.provider";
import { type BillingProvider, unavailableProvider } from "./modules/billing/provider";
import { cardChangesRoutes } from "./modules/cards/card-changes.routes";
import { cardsRoutes } from "./modules/cards/cards.routes";
import { claimsRoutes, RECEIPT_UPLOAD_PATH } from "./modules/claims/claims.routes";
import { companiesRoutes } from "./modules/companies/companies.routes";
import { companyDataRoutes, LOGO_UPLOAD_PATH } from "./modules/companies/company-data.routes";
import { companyRulesRoutes } from "./modules/companies/company-rules.routes";
import { posterRoutes, shortLinkRoutes } from "./modules/companies/poster.routes";
import { setupChecklistRoutes } from "./modules/companies/setup-checklist.routes";
import { counterRoutes } from "./modules/counter/counter.routes";
import { counterStampsRoutes } from "./modules/counter/counter-stamps.routes";
import { customersRoutes } from "./modules/customers/customers.routes";
import { IMPORT_UPLOAD_PATH } from "./modules/customers/imports.routes";
import { importFileTooLarge } from "./modules/customers/imports.service";
import { demoMode } from "./modules/demo/demo.middleware";
import { streamingBodyLimit } from "./modules/files/upload";
import { apiDocsRoutes } from "./modules/integrations/api-docs";
import { mountIntegrationRoutes } from "./modules/integrations/mount";
import { servePublicDocument } from "./modules/integrations/public-document";
import type { WebhookNetworkOptions } from "./modules/integrations/ssrf";
import { v1Routes } from "./modules/integrations/v1.routes";
import { interestsRoutes } from "./modules/interests/interests.routes";
import { devJobsRoutes, healthRoutes } from "./modules/jobs/jobs.routes";
import { devMailboxRoutes } from "./modules/mail/dev-mailbox.routes";
import type { Mailer } from "./modules/mail/mail.service";
import { messagesRoutes } from "./modules/messages/messages.routes";
import { notificationsRoutes } from "./modules/notifications/notifications.routes";
import { partnershipsRoutes } from "./modules/partnerships/partnerships.routes";
import { companyClosureRoutes } from "./modules/privacy/company-closure.routes";
import { privacyRoutes } from "./modules/privacy/privacy.routes";
import { programsRoutes } from "./modules/programs/programs.routes";
import { pushRoutes } from "./modules/push/push.routes";
import { vapidConfig } from "./modules/push/vapid";
import { referralsRoutes } from "./modules/referrals/referrals.routes";
import { reportsRoutes } from "./modules/reports/reports.routes";
import { securityRoutes } from "./modules/security/security.routes";
import { settingsRoutes } from "./modules/settings/settings.routes";
import { qrLanding } from "./modules/site/qr-landing";
import { createSiteHtml, robotsTxt, sitemapXml } from "./modules/site/site-html";
import { stampsRoutes } from "./modules/stamps/stamps.routes";
import { teamRoutes } from "./modules/team/team.routes";
import { appleWalletConfig } from "./modules/wallet/apple-wallet";
import { googleWalletConfig } from "./modules/wallet/google-wallet";
import { passkitRoutes } from "./modules/wallet/passkit.routes";
import { walletRoutes } from "./modules/wallet/wallet.routes";
import { serveOpenApiDocument } from "./openapi";
import {
  type AccountLimits,
  EMAIL_SEND_LIMITS,
  RateLimited,
  type RateLimitRule,
} from "./rate-limits";

export const DEFAULT_LIMITS: AccountLimits = {
  // Failed sign-ins per client IP: far above a busy café's shared Wi-Fi (successes never count).
  signIn: { bucket: "sign-in-failures", max: 100, windowSeconds: 15 * 60 },
  // Failed sign-ins per e-mail address, across IPs.
  signInAccount: { bucket: "sign-in-account", max: 10, windowSeconds: 15 * 60 },
  signUp: { bucket: "sign-up", max: 30, windowSeconds: 60 * 60 },
  emailSends: EMAIL_SEND_LIMITS,
  passwordCheck: { bucket: "password-check-account", max: 10, windowSeconds: 15 * 60 },
  passwordReset: { bucket: "password-reset", max: 30, windowSeconds: 60 * 60 },
};

/** Largest JSON body the API accepts (uploads, later, have their own limit). */
export const API_BODY_LIMIT_BYTES = 100 * 1024;

export type AppDeps = {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  authSecret: string;
  trustProxyHops?: number;
  limits?: Partial<AccountLimits>;
  /** Folder of the built SPA (dist/web); omitted in API tests. */
  webRoot?: string;
  /** Where the scheduled backups are (BACKUP_DIR); without it 'Sistema' lists none. */
  backupDir?: string;
  /** NODE_ENV=production: no /dev routes. */
  production?: boolean;
  /**
   * The payment provider (Asaas with credentials). Default: the dev provider (local checkout),
   * or in production one that answers 503 billing_unavailable.
   */
  billingProvider?: BillingProvider;
  /**
   * IA Suprema's engine (modules/assistant/engine.ts): the language model when LLM_* are set
   * (main.ts), else the rules engine (the default, and the tests').
   */
  assistantEngine?: AssistantEngine;
  /**
   * The key (32 bytes) of the messaging channels' secrets: CHANNEL_SECRET_KEY, or the one kept in
   * DATA_DIR (main.ts). Without it the WhatsApp channel cannot be saved, and its webhook is a 404.
   */
  channelSecretKey?: Buffer;
  /** Meta's Graph API (GRAPH_API_BASE_URL; default https://graph.facebook.com/v21.0). */
  graphApiBaseUrl?: string;
  /** Webhooks' SSRF guard (ssrf.ts): WEBHOOK_ALLOW_LOOPBACK=1, or the tests' stub resolver. */
  webhooks?: WebhookNetworkOptions;
  /** Password hashing; default better-auth's scrypt. Only the API tests give a cheaper one. */
  passwordHashing?: PasswordHashing;
  /** The public API's requests a minute per key (API_KEY_RATE_LIMIT); tests give a small one. */
  apiKeyRateLimit?: RateLimitRule;
};

export type App = { app: OpenAPIHono<{ Variables: SessionVars }>; auth: Auth };

export function createApp(deps: AppDeps): App {
  const { db } = deps;
  const trustProxyHops = deps.trustProxyHops ?? 0;
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  const auth = createAuth({
    db,
    appUrl: deps.appUrl,
    secret: deps.authSecret,
    mailer: deps.mailer,
    passwordHashing: deps.passwordHashing,
  });
  // Billing's provider: Asaas (main.ts, with credentials), else the dev provider; never the dev
  // one in production (there billing answers 503 billing_unavailable without credentials).
  const billingProvider =
    deps.billingProvider ?? (deps.production ? unavailableProvider() : devProvider());
  // IA Suprema answers with the language model when main.ts made one (LLM_*), else the rules.
  const assistantEngine = deps.assistantEngine ?? rulesEngine;
  // The WhatsApp channel: the key of its secrets and Meta's Graph API (tests: a fake server).
  const channelDeps = {
    channelSecretKey: deps.channelSecretKey,
    graphApiBaseUrl: deps.graphApiBaseUrl,
  };
  const app = new OpenAPIHono<{ Variables: SessionVars }>();

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error instanceof RateLimited && error.retryAfterSeconds) {
        c.header("Retry-After", String(error.retryAfterSeconds));
      }
      const body: ApiErrorBody = {
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        },
      };
      return c.json(body, error.status);
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own refusals (malformed JSON and the like) are the client's fault, not a crash.
      const code = error.status === 413 ? "payload_too_large" : "validation_failed";
      const body: ApiErrorBody = { error: { code, message: error.message } };
      return c.json(body, error.status === 413 ? 413 : 400);
    }
    log.error(`${c.req.method} ${c.req.path} failed:`, error);
    const body: ApiErrorBody = {
      error: { code: "internal_error", message: "Erro inesperado. Tente novamente." },
    };
    return c.json(body, 500);
  });

  app.use("*", slowRequests());
  app.use("*", securityHeaders());
  // Demo mode (decision 014): X-Carimbou-Demo requests read the demo café's database, never write.
  app.use("/api/*", demoMode(deps, createApp));
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new AppError("payload_too_large", 413, "Request body too large");
      },
    });
  const apiBodyLimit = limitBody(API_BODY_LIMIT_BYTES);
  // Receipts: counted as the route reads them, so a refused claim never reads the file.
  const uploadBodyLimit = streamingBodyLimit(RECEIPT_MAX_BYTES + 64 * 1024);
  const logoBodyLimit = limitBody(LOGO_MAX_BYTES + 64 * 1024);
  // 'Importar' on /clientes: the file up to 10 MB (and the form around it), its own 413.
  const importBodyLimit = bodyLimit({
    maxSize: IMPORT_MAX_BYTES + 64 * 1024,
    onError: () => {
      throw importFileTooLarge();
    },
  });
  const apiJsonBody = jsonBody(API_BODY_LIMIT_BYTES, apiBodyLimit);
  app.use("/api/*", (c, next) =>
    RECEIPT_UPLOAD_PATH.test(c.req.path)
      ? uploadBodyLimit(c, next)
      : LOGO_UPLOAD_PATH.test(c.req.path)
        ? logoBodyLimit(c, next)
        : IMPORT_UPLOAD_PATH.test(c.req.path) && c.req.method === "POST"
          ? importBodyLimit(c, next)
          : apiJsonBody(c, next),
  );
  // No NUL character reaches PostgreSQL (a 500 there): path, query and body checked here.
  app.use("/api/*", rejectNul());
  app.use("/api/*", async (c, next) => {
    await next();
    // On the answer's own headers: c.header() after the answer would copy it into a new one.
    const headers = c.res.headers;
    if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  });

  app.use("/api/*", sameOrigin(trustedOrigins(deps.appUrl)));

  // better-auth's own endpoints (e-mail confirmation link, session internals), behind our limits.
  // Closed over HTTP (with better-auth's disabledPaths in auth.ts): our endpoints do this work.
  app.get("/api/auth/reset-password/*", () => {
    throw new AppError("not_found", 404, "No such API route");
  });
  app.on(["GET", "POST"], "/api/auth/*", (c) => {
    const headers = headersWithClientIp(c.req.raw.headers, clientIp(c, trustProxyHops));
    return auth.handler(new Request(c.req.raw, { headers }));
  });

  // The public API (issue 33): a key, not a session, says who is calling. Its document and
  // reference (/api/v1/openapi.json, /api/docs) answer first, without a key or a session.
  servePublicDocument(app, deps.appUrl);
  app.route("/", apiDocsRoutes());
  app.use("/api/v1/*", apiKeyAuth(db, trustProxyHops, deps.apiKeyRateLimit));
  app.route("/api/v1", v1Routes({ ...deps, auth }));
  app.use("/api/*", loadSession(auth, db));
  app.use("/api/*", planGuard(db));
  app.route(
    "/api",
    healthRoutes(db, {
      googleWallet: () => googleWalletConfig() !== undefined,
      appleWallet: () => appleWalletConfig() !== undefined,
      push: () => vapidConfig() !== undefined,
    }),
  );
  app.route("/api", authRoutes({ db, auth, appUrl: deps.appUrl, limits, trustProxyHops }));
  app.route("/api", companiesRoutes({ db }));
  app.route("/api", programsRoutes({ db }));
  app.route(
    "/api",
    customersRoutes({ db, auth, mailer: deps.mailer, appUrl: deps.appUrl, trustProxyHops }),
  );
  app.route("/api", stampsRoutes({ db, appUrl: deps.appUrl, authSecret: deps.authSecret }));
  app.route("/api", referralsRoutes({ db, appUrl: deps.appUrl }));
  app.route("/api", cardsRoutes({ db }));
  app.route("/api", cardChangesRoutes({ db }));
  app.route("/api", walletRoutes({ db, appUrl: deps.appUrl }));
  app.route("/api", passkitRoutes({ db, appUrl: deps.appUrl, trustProxyHops }));
  app.route("/api", pushRoutes({ db }));
  app.route("/api", counterCodeRoutes({ db, authSecret: deps.authSecret }));
  app.route("/api", counterRoutes({ db, authSecret: deps.authSecret }));
  app.route("/api", counterStampsRoutes({ db, appUrl: deps.appUrl, authSecret: deps.authSecret }));
  app.route("/api", reportsRoutes({ db }));
  app.route("/api", setupChecklistRoutes({ db }));
  app.route("/api", claimsRoutes({ db, appUrl: deps.appUrl }));
  app.route("/api", notificationsRoutes({ db }));
  app.route("/api", messagesRoutes({ db, appUrl: deps.appUrl }));
  app.route("/api", assistantRoutes({ db, engine: assistantEngine }));
  app.route("/api", channelRoutes({ db, appUrl: deps.appUrl, ...channelDeps }));
  app.route("/api", channelTestRoutes({ db, ...channelDeps }));
  app.route("/api", interestsRoutes({ db }));
  app.route("/api", partnershipsRoutes({ db }));
  app.route("/api", settingsRoutes({ db }));
  app.route("/api", companyRulesRoutes({ db }));
  app.route("/api", appearanceRoutes({ db }));
  app.route("/api", emailSettingsRoutes({ db }));
  app.route("/api", customerProfileRoutes({ db }));
  app.route("/api", marketingConsentRoutes({ db, authSecret: deps.authSecret }));
  app.route(
    "/api",
    securityRoutes({
      db,
      auth,
      trustProxyHops,
      signInLimit: limits.signIn,
      passwordCheckLimit: limits.passwordCheck,
    }),
  );
  app.route("/api", backupRoutes({ db, backupDir: deps.backupDir }));
  app.route("/api", companyDataRoutes({ db }));
  app.route("/api", posterRoutes({ db, appUrl: deps.appUrl }));
  app.route("/api", teamRoutes({ db, auth, appUrl: deps.appUrl, trustProxyHops }));
  mountIntegrationRoutes(app, { db, webhooks: deps.webhooks });
  const privacy = { db, auth, appUrl: deps.appUrl, trustProxyHops };
  app.route("/api", privacyRoutes({ ...privacy, passwordCheckLimit: limits.passwordCheck }));
  const billing = { db, provider: billingProvider, appUrl: deps.appUrl };
  app.route("/api", billingRoutes(billing));
  const closure = { provider: billingProvider, passwordCheckLimit: limits.passwordCheck };
  app.route("/api", companyClosureRoutes({ ...privacy, ...closure }));
  if (!deps.production && billingProvider.name === "dev") {
    app.route("/api", devBillingRoutes(billing));
  }

  serveOpenApiDocument(app, "/api/openapi.json");

  app.all("/api/*", () => {
    throw new AppError("not_found", 404, "No such API route");
  });

  // The poster's short link (/e/{companyId}) to the company's join link.
  app.route("/", shortLinkRoutes());
  if (deps.mailer.kind === "dev-mailbox") app.route("/dev/mailbox", devMailboxRoutes(db));
  if (!deps.production) {
    app.use("/dev/jobs/*", sameOrigin(trustedOrigins(deps.appUrl)));
    app.route(
      "/dev/jobs",
      devJobsRoutes(
        {
          db,
          mailer: deps.mailer,
          appUrl: deps.appUrl,
          backupDir: deps.backupDir ?? "",
          billingProvider,
          assistantEngine,
          authSecret: deps.authSecret,
          webhooks: deps.webhooks,
          ...channelDeps,
        },
        JOBS,
      ),
    );
  }

  if (deps.webRoot && existsSync(join(deps.webRoot, "index.html"))) {
    const webRoot = deps.webRoot;
    const pageFor = createSiteHtml(webRoot, deps.appUrl);
    app.get("/robots.txt", (c) => c.text(robotsTxt(deps.appUrl)));
    app.get("/sitemap.xml", (c) =>
      c.body(sitemapXml(deps.appUrl), 200, { "Content-Type": "application/xml" }),
    );
    // Built files are served pre-compressed (.br/.gz written by the build) when the browser takes it.
    app.use(
      "/assets/*",
      async (c, next) => {
        await next();
        if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
      serveStatic({ root: webRoot, precompressed: true }),
    );
    const serveFile = serveStatic({ root: webRoot, index: "", precompressed: true });
    // The installable app (decision 036): the service worker is looked at again on every visit
    // (a new one carries the new build's files), the manifests may change with a deploy.
    app.use("/sw.js", async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "no-cache");
    });
    app.use("/:file{manifest(-balcao)?\\.webmanifest}", async (c, next) => {
      await next();
      if (!c.res.ok) return;
      c.header("Cache-Control", "public, max-age=300");
    });
    // Only file paths are files; every page path gets its HTML (the app's or the public site's).
    app.use("*", (c, next) =>
      c.req.path.endsWith("/") || !c.req.path.includes(".") ? next() : serveFile(c, next),
    );
    // A company's QR link: to the sign-up, with its welcome card in the HTML (modules/site/qr-landing.ts).
    app.get("*", compress(), qrLanding({ db, webRoot }), (c) => {
      const { status, html } = pageFor(c.req.path, getCookie(c, "app-language"));
      c.header("Cache-Control", "no-cache");
      c.header("Vary", "Cookie, Accept-Encoding");
      return c.html(html, status);
    });
  }

  return { app, auth };
}
