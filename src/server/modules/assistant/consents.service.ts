/**
 * Marketing consent (issue 20, point 6): a member's explicit agreement to receive a company's
 * campaigns, recorded with its moment and the exact text shown (built here, in the language the
 * person saw, with the company's name: never a text from the client); withdrawn in the customer's
 * settings or through the one-click link of a campaign e-mail (a signed token naming customer and
 * company). One live row per member and company (a partial unique index): agreeing twice at once
 * records one consent, withdrawing twice withdraws once.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import {
  type ConsentRevokedVia,
  type ConsentSource,
  type MarketingConsent,
  marketingConsentText,
  type OptOutResult,
  type SetMarketingConsent,
} from "@shared/assistant.schema";
import type { Language } from "@shared/languages";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { marketingConsents } from "./assistant.table";
import { findCompanyName, findCustomerCompany, listCustomerConsents } from "./campaigns.queries";

/**
 * Records the member's consent to the company's campaigns with the text in `language` (the
 * company's trade name in it), unless a live one exists. Call it inside the transaction that
 * makes the membership (sign-up, join). Answers whether a consent was recorded now.
 */
export async function grantMarketingConsent(
  db: Db,
  input: {
    customerId: string;
    companyId: string;
    language: Language;
    source: ConsentSource;
    /** Read from the company when not given. */
    companyName?: string;
  },
): Promise<boolean> {
  const companyName = input.companyName ?? (await findCompanyName(db, input.companyId));
  if (companyName === null) return false;
  const inserted = await db
    .insert(marketingConsents)
    .values({
      id: randomUUID(),
      customerId: input.customerId,
      companyId: input.companyId,
      consentText: marketingConsentText(input.language, companyName),
      source: input.source,
    })
    .onConflictDoNothing()
    .returning({ id: marketingConsents.id });
  return inserted.length > 0;
}

/** Withdraws the member's live consent (if any); answers whether one was withdrawn now. */
export async function withdrawMarketingConsent(
  db: Db,
  input: { customerId: string; companyId: string; via: ConsentRevokedVia },
): Promise<boolean> {
  const withdrawn = await db
    .update(marketingConsents)
    .set({ revokedAt: new Date(), revokedVia: input.via })
    .where(
      and(
        eq(marketingConsents.customerId, input.customerId),
        eq(marketingConsents.companyId, input.companyId),
        isNull(marketingConsents.revokedAt),
      ),
    )
    .returning({ id: marketingConsents.id });
  return withdrawn.length > 0;
}

/** GET /api/me/marketing-consents: each company the customer is a member of, by name. */
export async function listMyMarketingConsents(
  db: Db,
  customerId: string,
): Promise<MarketingConsent[]> {
  const rows = await listCustomerConsents(db, customerId);
  return rows.map((r) => ({
    companyId: r.companyId,
    companyName: r.companyName,
    consented: r.grantedAt !== null,
    since: r.grantedAt?.toISOString() ?? null,
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * PUT /api/me/marketing-consents/:companyId: agrees (a new consent with the text in `language`,
 * source `settings`) or withdraws (via `settings`). Only a company the customer is a member of:
 * 404 otherwise. Answers the company's entry as the list shows it.
 */
export async function setMyMarketingConsent(
  db: Db,
  customerId: string,
  companyId: string,
  input: SetMarketingConsent,
): Promise<MarketingConsent> {
  const company = UUID.test(companyId)
    ? await findCustomerCompany(db, customerId, companyId)
    : null;
  if (!company) throw new AppError("not_found", 404, "Company not found");
  if (input.consented) {
    await grantMarketingConsent(db, {
      customerId,
      companyId,
      companyName: company.companyName,
      language: input.language,
      source: "settings",
    });
  } else {
    await withdrawMarketingConsent(db, { customerId, companyId, via: "settings" });
  }
  const entry = (await listMyMarketingConsents(db, customerId)).find(
    (c) => c.companyId === companyId,
  );
  return entry!;
}

// ---------------------------------------------------------------------------------------------
// The one-click opt-out link: a token naming customer and company, signed with the app's secret

/** The opt-out tokens' key: derived from the auth secret, used for nothing else. */
const optOutKey = (secret: string) =>
  createHmac("sha256", secret).update("carimbou:marketing-opt-out:v1").digest();

const sign = (secret: string, payload: string) =>
  createHmac("sha256", optOutKey(secret)).update(payload).digest();

/** The token of a campaign e-mail's opt-out link (no expiry: an old e-mail's link still works). */
export function optOutToken(secret: string, customerId: string, companyId: string): string {
  const payload = Buffer.from(`${customerId}:${companyId}`).toString("base64url");
  return `${payload}.${sign(secret, payload).toString("base64url")}`;
}

/** Who and which company a token names, or null when it is malformed or not ours. */
export function readOptOutToken(
  secret: string,
  token: string,
): { customerId: string; companyId: string } | null {
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!/^[A-Za-z0-9_-]+$/.test(payload) || !/^[A-Za-z0-9_-]+$/.test(signature)) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = sign(secret, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [customerId, companyId, ...rest] = Buffer.from(payload, "base64url")
    .toString("utf8")
    .split(":");
  if (rest.length > 0 || !customerId || !companyId) return null;
  return { customerId, companyId };
}

/**
 * POST /api/marketing/opt-out: withdraws the consent the token names (via `opt_out_link`), with no
 * sign-in. Idempotent: a second click answers the same. A malformed, forged or stale token (its
 * company gone) is 400 `opt_out_token_invalid`, saying nothing about who or what.
 */
export async function optOutByToken(db: Db, secret: string, token: string): Promise<OptOutResult> {
  const named = readOptOutToken(secret, token);
  const companyName = named ? await findCompanyName(db, named.companyId) : null;
  if (!named || companyName === null)
    throw new AppError("opt_out_token_invalid", 400, "Invalid opt-out link");
  await withdrawMarketingConsent(db, { ...named, via: "opt_out_link" });
  return { companyName };
}
