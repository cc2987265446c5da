/**
 * Google Wallet (issue 32): the pass of a loyalty card, its 'Adicionar ao Google Wallet' save link
 * (a JWT signed RS256 with the service account's key) and the REST calls that keep a saved pass up
 * to date (an OAuth2 token from the same key, then a PATCH of the loyalty object). Ids are derived,
 * nothing is stored: the programme's class is `<issuer>.program-<programId>`, the card's object
 * `<issuer>.card-<cardId>`.
 */
import { createSign } from "node:crypto";
import type { GoogleWalletEnv } from "../../env";

export type GoogleWalletConfig = GoogleWalletEnv;

/**
 * The process's Google Wallet configuration (env GOOGLE_WALLET_*), set once at start (server.ts)
 * like the environment it comes from; undefined: the feature is off (no button, no sync jobs).
 * The tests set it and set it back.
 */
let current: GoogleWalletConfig | undefined;

export function setGoogleWallet(config: GoogleWalletConfig | undefined) {
  current = config;
  tokenCache = undefined;
}

export const googleWalletConfig = () => current;

/** Google's ids allow only [A-Za-z0-9._-] after the issuer. */
const safe = (id: string) => id.replace(/[^A-Za-z0-9._-]/g, "_");
export const walletClassId = (config: GoogleWalletConfig, programId: string) =>
  `${config.issuerId}.program-${safe(programId)}`;
export const walletObjectId = (config: GoogleWalletConfig, cardId: string) =>
  `${config.issuerId}.card-${safe(cardId)}`;

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/** A JWT signed RS256 with the service account's private key. */
export function signJwt(privateKey: string, claims: object): string {
  const head = `${base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign("RSA-SHA256").update(head).sign(privateKey);
  return `${head}.${base64url(signature)}`;
}

/** What a pass shows: the card, its programme and company, and the customer. */
export type WalletCard = {
  cardId: string;
  programId: string;
  programName: string;
  reward: string;
  stamps: number;
  maxStamps: number;
  status: "active" | "complete" | "redeemed";
  companyId: string;
  companyName: string;
  brandColor: string | null;
  logoUrl: string | null;
  customerId: string;
  customerName: string;
  /** The customer's short counter code: the pass's QR code (the counter takes it scanned or typed). */
  counterCode: string | null;
};

const STAMPS_LABEL = "Carimbos";

/** An absolute URL for Google (a logo stored as /api/... is served by this app). */
const absolute = (appUrl: string, url: string) => (url.startsWith("/") ? `${appUrl}${url}` : url);

/** The card's progress as the pass's text: '3/10 — Um café grátis'. */
const progressModule = (card: WalletCard) => ({
  id: "progress",
  header: card.programName,
  body:
    card.status === "redeemed"
      ? `${card.stamps}/${card.maxStamps} — ${card.reward} (resgatado)`
      : `${card.stamps}/${card.maxStamps} — ${card.reward}`,
});

export function loyaltyClass(config: GoogleWalletConfig, appUrl: string, card: WalletCard) {
  return {
    id: walletClassId(config, card.programId),
    issuerName: card.companyName,
    programName: card.programName,
    // The link stays short (about 2,000 characters): no optional descriptions.
    programLogo: { sourceUri: { uri: absolute(appUrl, card.logoUrl ?? "/og-image.png") } },
    ...(card.brandColor ? { hexBackgroundColor: card.brandColor } : {}),
    rewardsTier: card.reward,
    rewardsTierLabel: "Prêmio",
    reviewStatus: "UNDER_REVIEW",
  };
}

/** What changes on the object when the card does (the PATCH's body, and part of the pass). */
export function loyaltyObjectProgress(card: WalletCard) {
  return {
    state: card.status === "redeemed" ? "COMPLETED" : "ACTIVE",
    loyaltyPoints: { label: STAMPS_LABEL, balance: { int: card.stamps } },
    textModulesData: [progressModule(card)],
  };
}

export function loyaltyObject(config: GoogleWalletConfig, card: WalletCard) {
  return {
    id: walletObjectId(config, card.cardId),
    classId: walletClassId(config, card.programId),
    accountId: card.customerId,
    accountName: card.customerName,
    ...loyaltyObjectProgress(card),
    ...(card.counterCode
      ? {
          barcode: {
            type: "QR_CODE",
            value: card.counterCode,
            alternateText: `${card.counterCode.slice(0, 3)}-${card.counterCode.slice(3)}`,
          },
        }
      : {}),
  };
}

/** The 'Adicionar ao Google Wallet' link: the class and the object in a signed JWT. */
export function saveUrl(config: GoogleWalletConfig, appUrl: string, card: WalletCard): string {
  const jwt = signJwt(config.privateKey, {
    iss: config.clientEmail,
    aud: "google",
    typ: "savetowallet",
    iat: Math.floor(Date.now() / 1000),
    origins: [appUrl],
    payload: {
      loyaltyClasses: [loyaltyClass(config, appUrl, card)],
      loyaltyObjects: [loyaltyObject(config, card)],
    },
  });
  return `https://pay.google.com/gp/v/save/${jwt}`;
}

export const WALLET_SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";

let tokenCache: { token: string; expiresAt: number } | undefined;

/** An OAuth2 access token of the service account (JWT bearer grant), kept until a minute before it expires. */
export async function accessToken(config: GoogleWalletConfig, now = Date.now()): Promise<string> {
  if (tokenCache && tokenCache.expiresAt - 60_000 > now) return tokenCache.token;
  const iat = Math.floor(now / 1000);
  const assertion = signJwt(config.privateKey, {
    iss: config.clientEmail,
    scope: WALLET_SCOPE,
    aud: config.tokenUrl,
    iat,
    exp: iat + 3600,
  });
  const res = await fetch(config.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion,
    }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) {
    throw new Error(`Google OAuth2 token: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  }
  const body = (await res.json()) as { access_token?: string; expires_in?: number };
  if (!body.access_token) throw new Error("Google OAuth2 token: no access_token in the answer");
  tokenCache = { token: body.access_token, expiresAt: now + (body.expires_in ?? 3600) * 1000 };
  return body.access_token;
}

/**
 * PATCHes the card's loyalty object with its stamps and text. A 404 means the customer never
 * saved the pass: nothing to update (`saved: false`). Any other failure throws (the job retries).
 */
export async function patchLoyaltyObject(
  config: GoogleWalletConfig,
  card: WalletCard,
): Promise<{ saved: boolean }> {
  const token = await accessToken(config);
  const url = `${config.apiUrl}/loyaltyObject/${encodeURIComponent(walletObjectId(config, card.cardId))}`;
  const res = await fetch(url, {
    method: "PATCH",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(loyaltyObjectProgress(card)),
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status === 404) return { saved: false };
  if (!res.ok) {
    if (res.status === 401) tokenCache = undefined;
    throw new Error(`Google Wallet PATCH ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }
  return { saved: true };
}
