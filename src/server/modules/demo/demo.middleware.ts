import { randomBytes } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { Auth } from "../../auth";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { signCookieValue } from "../../session-cookie";
import { type BillingProvider, unavailableProvider } from "../billing/provider";
import type { Mailer } from "../mail/mail.service";
import { type DemoDatabase, demoDatabase } from "./demo.service";

/** The request header the web app sends on every API call while demo mode (`?debug=true`) is on. */
export const DEMO_HEADER = "X-Carimbou-Demo";
/** The same, for a plain link the browser opens itself (a file download): `?demo=1`. */
export const DEMO_QUERY = "demo";

/** What the demo app needs of the main app's dependencies (createApp's AppDeps has them). */
type DemoAppDeps = {
  db: Db;
  mailer: Mailer;
  authSecret: string;
  webRoot?: string;
  backupDir?: string;
  billingProvider?: BillingProvider;
};
type FetchApp = { fetch(request: Request, env?: object): Response | Promise<Response> };
type Target = { demo: DemoDatabase; app: FetchApp; cookie: string };

/** A mailer that sends nothing: the demo never e-mails anyone. */
const noMail: Mailer = { kind: "smtp", send: async () => {}, close() {} };

/**
 * Demo mode (decision 014). A request to /api/* carrying `X-Carimbou-Demo: 1` (or `?demo=1`)
 * never reaches the real database: a write (anything but GET and HEAD) answers 403
 * `demo_read_only`; a read is answered by a second app (`createApp` over the in-memory demo
 * database, with no e-mail, no billing provider, no files on disk, no job queue), with the
 * visitor's cookies replaced by the demo owner's session and no Set-Cookie coming back.
 * `createApp` is passed in (app.ts gives itself) so that this module does not import app.ts.
 */
export function demoMode<D extends DemoAppDeps>(
  deps: D,
  createApp: (deps: D) => { app: FetchApp; auth: Auth },
) {
  const authSecret = randomBytes(32).toString("hex");
  let target: { demo: DemoDatabase; ready: Promise<Target> } | null = null;

  const makeTarget = async (demo: DemoDatabase): Promise<Target> => {
    const { app, auth } = createApp({
      ...deps,
      db: demo.database.db,
      mailer: noMail,
      authSecret,
      webRoot: undefined,
      backupDir: undefined,
      billingProvider: unavailableProvider(),
    });
    const cookieName = (await auth.$context).authCookies.sessionToken.name;
    return {
      demo,
      app,
      cookie: `${cookieName}=${signCookieValue(demo.sessionToken, authSecret)}`,
    };
  };

  const demoTarget = async (): Promise<Target> => {
    const demo = await demoDatabase();
    if (target?.demo !== demo) {
      const ready = makeTarget(demo);
      target = { demo, ready };
      ready.catch(() => {
        if (target?.ready === ready) target = null;
      });
    }
    return target.ready;
  };

  return createMiddleware(async (c, next) => {
    const demo = c.req.header(DEMO_HEADER) === "1" || c.req.query(DEMO_QUERY) === "1";
    // The health check says how this server is, not the demo's.
    if (!demo || c.req.path === "/api/health") return next();
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") {
      throw new AppError("demo_read_only", 403, "Salvamento desabilitado no modo debug.");
    }
    const { app, cookie } = await demoTarget();
    const url = new URL(c.req.url);
    url.searchParams.delete(DEMO_QUERY);
    const headers = new Headers(c.req.raw.headers);
    headers.delete(DEMO_HEADER);
    // Never the visitor's own cookies: the demo app sees only its own owner's session.
    headers.set("cookie", cookie);
    const answer = await app.fetch(new Request(url, { method, headers }), c.env);
    const answerHeaders = new Headers(answer.headers);
    answerHeaders.delete("set-cookie");
    return new Response(answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answerHeaders,
    });
  });
}
