import { createPrivateKey } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { type AppleWalletEnv, appleWalletOf } from "./env-apple-wallet";

/** The only reader of process.env. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.string().min(1).optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(1).default("Carimbou <nao-responda@carimbou.com.br>"),
  AUTH_SECRET: z.string().min(32, "AUTH_SECRET must have at least 32 characters").optional(),
  TRUST_PROXY: z.string().optional(),
  ASAAS_API_KEY: z.string().min(1).optional(),
  ASAAS_BASE_URL: z.url().default("https://api-sandbox.asaas.com/v3"),
  ASAAS_WEBHOOK_TOKEN: z.string().min(1).optional(),
  // Who charges: asaas (needs ASAAS_API_KEY) or dev (simulated; never in production).
  BILLING_PROVIDER: z.enum(["asaas", "dev"]).optional(),
  // WhatsApp channel (modules/assistant): the key of the channels' secrets, and Meta's Graph API.
  CHANNEL_SECRET_KEY: z
    .string()
    .refine(
      (v) =>
        /^[A-Za-z0-9+/_-]+={0,2}$/.test(v.trim()) && Buffer.from(v.trim(), "base64").length === 32,
      "CHANNEL_SECRET_KEY must be 32 bytes in base64 (for example: openssl rand -base64 32)",
    )
    .optional(),
  GRAPH_API_BASE_URL: z.url().default("https://graph.facebook.com/v21.0"),
  // IA Suprema's language model (modules/assistant/llm-engine.ts): all three, or none (rules).
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  // App processes on PORT (node:cluster; PostgreSQL only): the name hosting platforms set.
  WEB_CONCURRENCY: z.coerce
    .number()
    .int("WEB_CONCURRENCY must be a whole number of processes")
    .min(1)
    .max(64)
    .default(1),
  // Google Wallet passes (modules/wallet): the issuer and its service account's JSON key, or none.
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .regex(
      /^\d+$/,
      "GOOGLE_WALLET_ISSUER_ID must be the issuer's number (Google Pay & Wallet Console)",
    )
    .optional(),
  GOOGLE_WALLET_SERVICE_ACCOUNT: z.string().min(1).optional(),
  GOOGLE_WALLET_API_URL: z.url().default("https://walletobjects.googleapis.com/walletobjects/v1"),
  GOOGLE_WALLET_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
  // Apple Wallet passes (modules/wallet): the pass type's certificate and key, Apple's WWDR
  // certificate, and the APNs token key that pushes their updates; all of them, or none.
  APPLE_PASS_TYPE_ID: z
    .string()
    .regex(
      /^pass\.[A-Za-z0-9.-]+$/,
      "APPLE_PASS_TYPE_ID must be a pass type id (pass.com.example.card)",
    )
    .optional(),
  APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, "APPLE_TEAM_ID must be the 10-character Apple team id")
    .optional(),
  APPLE_PASS_CERT: z.string().min(1).optional(),
  APPLE_PASS_KEY: z.string().min(1).optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().min(1).optional(),
  APPLE_WWDR_CERT: z.string().min(1).optional(),
  APNS_KEY: z.string().min(1).optional(),
  APNS_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, "APNS_KEY_ID must be the 10-character key id of the APNs key")
    .optional(),
  APNS_HOST: z.url().default("https://api.push.apple.com"),
  // Web Push (modules/push): the VAPID key pair (base64url) and contact, for several servers;
  // without them one pair is made once and kept in DATA_DIR.
  VAPID_PUBLIC_KEY: z.string().trim().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().trim().min(1).optional(),
  // Webhooks to this machine (http:// and loopback) while developing; refused in production.
  WEBHOOK_ALLOW_LOOPBACK: z.enum(["0", "1", "true", "false"]).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "VAPID_SUBJECT must be a mailto: address or an https: URL")
    .optional(),
});

export type { AppleWalletEnv };

export type Env = {
  nodeEnv: "development" | "production" | "test";
  port: number;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where the scheduled backups are written (`<backupDir>/<companyId>/*.zip`). */
  backupDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string | undefined;
  /** Number of reverse proxies in front of the server whose X-Forwarded-For is trusted (0: none). */
  trustProxyHops: number;
  /**
   * The Asaas account billing charges through (ASAAS_API_KEY set); undefined: the dev provider
   * (local checkout), or in production no billing at all (503 billing_unavailable).
   */
  asaas: { apiKey: string; baseUrl: string; webhookToken: string } | undefined;
  /**
   * Who charges: `asaas` (ASAAS_API_KEY), `dev` (the local checkout: payments simulated; outside
   * production, on a localhost APP_URL or with BILLING_PROVIDER=dev), or `none` (503
   * billing_unavailable).
   */
  billingProvider: "asaas" | "dev" | "none";
  /**
   * The key (32 bytes) of the messaging channels' secrets (CHANNEL_SECRET_KEY); undefined: the one
   * kept in DATA_DIR (generated outside production, required in production).
   */
  channelSecretKey: Buffer | undefined;
  /** Meta's Graph API (WhatsApp Cloud API), without a trailing slash. */
  graphApiBaseUrl: string;
  /**
   * IA Suprema's language model, an OpenAI-compatible endpoint (LLM_BASE_URL, LLM_API_KEY,
   * LLM_MODEL); undefined: the rules engine answers.
   */
  llm: { baseUrl: string; apiKey: string; model: string } | undefined;
  /**
   * How many app processes serve PORT (WEB_CONCURRENCY, default 1): above 1 and with DATABASE_URL,
   * main.ts forks that many workers (node:cluster); on the embedded database it runs one.
   */
  webConcurrency: number;
  /**
   * Google Wallet passes (GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT); undefined:
   * off, no 'Adicionar ao Google Wallet' button.
   */
  googleWallet: GoogleWalletEnv | undefined;
  /**
   * Apple Wallet passes (APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT, APPLE_PASS_KEY,
   * APPLE_WWDR_CERT, APNS_KEY, APNS_KEY_ID); undefined: off, no 'Adicionar à Apple Wallet' button.
   */
  appleWallet: AppleWalletEnv | undefined;
  /**
   * Web Push's VAPID keys from env (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, both or neither);
   * undefined: a pair kept in DATA_DIR (modules/push/vapid.ts). The subject: VAPID_SUBJECT.
   */
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string | undefined;
  /**
   * WEBHOOK_ALLOW_LOOPBACK=1: webhook endpoints may be http:// and on this machine (loopback), for
   * trying a local receiver; never in production (refused at start-up).
   */
  webhookAllowLoopback: boolean;
};

/** What the app needs to sign Google Wallet passes and update them (modules/wallet). */
export type GoogleWalletEnv = {
  issuerId: string;
  clientEmail: string;
  /** The service account's private key (PEM). */
  privateKey: string;
  /** The Wallet REST API and the OAuth2 token endpoint, without a trailing slash. */
  apiUrl: string;
  tokenUrl: string;
};

/**
 * GOOGLE_WALLET_SERVICE_ACCOUNT: the service account's JSON key, inline (the text starts with
 * `{`) or the path of the .json file Google gave. It must hold client_email and private_key.
 */
function serviceAccountOf(value: string): { clientEmail: string; privateKey: string } {
  let text = value.trim();
  if (!text.startsWith("{")) {
    try {
      text = readFileSync(text, "utf8");
    } catch {
      throw new Error(
        `GOOGLE_WALLET_SERVICE_ACCOUNT: cannot read the file "${value}" (give the service account's JSON key inline, or the path of its .json file).`,
      );
    }
  }
  let key: { client_email?: unknown; private_key?: unknown };
  try {
    key = JSON.parse(text);
  } catch {
    throw new Error("GOOGLE_WALLET_SERVICE_ACCOUNT is not valid JSON (the service account's key).");
  }
  if (typeof key.client_email !== "string" || typeof key.private_key !== "string") {
    throw new Error(
      "GOOGLE_WALLET_SERVICE_ACCOUNT must hold client_email and private_key (the service account's JSON key).",
    );
  }
  try {
    createPrivateKey(key.private_key);
  } catch {
    throw new Error("GOOGLE_WALLET_SERVICE_ACCOUNT: private_key is not a PEM private key.");
  }
  return { clientEmail: key.client_email, privateKey: key.private_key };
}

/** Both Google Wallet variables, or neither (feature off); half a configuration is an error. */
function googleWalletOf(e: z.infer<typeof EnvSchema>): GoogleWalletEnv | undefined {
  const issuerId = e.GOOGLE_WALLET_ISSUER_ID;
  const account = e.GOOGLE_WALLET_SERVICE_ACCOUNT;
  if (!issuerId && !account) return undefined;
  if (!issuerId || !account) {
    throw new Error(
      "GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT go together: set both (the issuer's number and the service account's JSON key) for Google Wallet passes, or neither to leave them off.",
    );
  }
  return {
    issuerId,
    ...serviceAccountOf(account),
    apiUrl: e.GOOGLE_WALLET_API_URL.replace(/\/+$/, ""),
    tokenUrl: e.GOOGLE_WALLET_TOKEN_URL,
  };
}

/** Both VAPID keys, or neither (then kept in DATA_DIR); they must be a P-256 pair in base64url. */
function vapidOf(e: z.infer<typeof EnvSchema>): Env["vapid"] {
  const publicKey = e.VAPID_PUBLIC_KEY;
  const privateKey = e.VAPID_PRIVATE_KEY;
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) {
    throw new Error(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (the Web Push key pair, e.g. from `npx web-push generate-vapid-keys`), or neither to keep a pair in DATA_DIR.",
    );
  }
  const b64url = /^[A-Za-z0-9_-]+$/;
  if (
    !b64url.test(publicKey) ||
    Buffer.from(publicKey, "base64url").length !== 65 ||
    !b64url.test(privateKey) ||
    Buffer.from(privateKey, "base64url").length !== 32
  ) {
    throw new Error(
      "VAPID_PUBLIC_KEY must be a P-256 public key (65 bytes) and VAPID_PRIVATE_KEY its private key (32 bytes), both in base64url.",
    );
  }
  return { publicKey, privateKey };
}

export function parseTrustProxy(value: string | undefined): number {
  if (value === undefined || value === "" || value === "false" || value === "0") return 0;
  if (value === "true") return 1;
  const hops = Number(value);
  if (!Number.isInteger(hops) || hops < 0) {
    throw new Error(`TRUST_PROXY must be "true", "false" or a number of proxies, got "${value}"`);
  }
  return hops;
}

/** localhost, 127.0.0.0/8 or ::1: the app is served to this machine only. */
export function isLocalUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  return (
    host === "localhost" || host.endsWith(".localhost") || /^127\./.test(host) || host === "::1"
  );
}

/**
 * Who charges (decision 027): Asaas with its key; the dev provider (simulated payments) only
 * outside production, and on an APP_URL that is not this machine only when asked for by name;
 * otherwise none (billing answers 503 billing_unavailable).
 */
function billingProviderOf(e: z.infer<typeof EnvSchema>, appUrl: string) {
  if (e.BILLING_PROVIDER === "asaas" && !e.ASAAS_API_KEY) {
    throw new Error("BILLING_PROVIDER=asaas needs ASAAS_API_KEY (and ASAAS_WEBHOOK_TOKEN).");
  }
  if (e.BILLING_PROVIDER === "dev" && e.NODE_ENV === "production") {
    throw new Error(
      "BILLING_PROVIDER=dev is refused in production: the dev provider simulates payments. Set ASAAS_API_KEY to charge through Asaas.",
    );
  }
  if (e.BILLING_PROVIDER === "dev") return "dev" as const;
  if (e.ASAAS_API_KEY) return "asaas" as const;
  if (e.NODE_ENV === "production") return "none" as const;
  return isLocalUrl(appUrl) ? ("dev" as const) : ("none" as const);
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable (DATABASE_URL=) means "not set".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${details}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  if (e.NODE_ENV === "production" && !e.AUTH_SECRET) {
    throw new Error(
      "AUTH_SECRET is required in production: set it to a random string of at least 32 characters (for example: openssl rand -base64 32).",
    );
  }
  // On PostgreSQL, DATA_DIR holds nothing else and is rarely a kept volume: the backups need a
  // place chosen on purpose (shared by every app server).
  if (e.DATABASE_URL && !e.BACKUP_DIR) {
    throw new Error(
      "BACKUP_DIR is required when DATABASE_URL is set: set it to the folder where the scheduled backups are written (a persistent volume shared by every app server, e.g. BACKUP_DIR=/var/lib/carimbou/backups).",
    );
  }
  // Without the webhook token every Asaas webhook would be refused (401): payments never land.
  if (e.ASAAS_API_KEY && !e.ASAAS_WEBHOOK_TOKEN) {
    throw new Error(
      "ASAAS_WEBHOOK_TOKEN is required when ASAAS_API_KEY is set: set it to the authentication token configured on the Asaas webhook (sent as the asaas-access-token header).",
    );
  }
  const billingProvider = billingProviderOf(e, appUrl);
  const webhookAllowLoopback =
    e.WEBHOOK_ALLOW_LOOPBACK === "1" || e.WEBHOOK_ALLOW_LOOPBACK === "true";
  if (webhookAllowLoopback && e.NODE_ENV === "production") {
    throw new Error(
      "WEBHOOK_ALLOW_LOOPBACK is refused in production: it lets webhooks reach this machine. Remove it (it is for trying a local receiver while developing).",
    );
  }
  // Half a language-model configuration is a mistake, not a wish for the rules engine.
  const llmVars = [e.LLM_BASE_URL, e.LLM_API_KEY, e.LLM_MODEL];
  if (llmVars.some(Boolean) && !llmVars.every(Boolean)) {
    throw new Error(
      "LLM_BASE_URL, LLM_API_KEY and LLM_MODEL go together: set all three (an OpenAI-compatible endpoint, its key and the model) for IA Suprema's language model, or none for the built-in rules.",
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    appUrl,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    backupDir: e.BACKUP_DIR ?? join(e.DATA_DIR, "backups"),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authSecret: e.AUTH_SECRET,
    trustProxyHops: parseTrustProxy(e.TRUST_PROXY),
    asaas: e.ASAAS_API_KEY
      ? {
          apiKey: e.ASAAS_API_KEY,
          baseUrl: e.ASAAS_BASE_URL.replace(/\/+$/, ""),
          webhookToken: e.ASAAS_WEBHOOK_TOKEN as string,
        }
      : undefined,
    billingProvider,
    channelSecretKey: e.CHANNEL_SECRET_KEY
      ? Buffer.from(e.CHANNEL_SECRET_KEY.trim(), "base64")
      : undefined,
    graphApiBaseUrl: e.GRAPH_API_BASE_URL.replace(/\/+$/, ""),
    llm:
      e.LLM_BASE_URL && e.LLM_API_KEY && e.LLM_MODEL
        ? { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL }
        : undefined,
    webConcurrency: e.WEB_CONCURRENCY,
    googleWallet: googleWalletOf(e),
    appleWallet: appleWalletOf(e),
    vapid: vapidOf(e),
    vapidSubject: e.VAPID_SUBJECT,
    webhookAllowLoopback,
  };
}
