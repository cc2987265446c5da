import { type Language, toLanguage } from "@shared/languages";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { apiKeys } from "./integrations.table";

/**
 * Webhooks' read model (issue 33): what an event's payload adds (the card's count, the key's
 * name), a live company's sandbox, and who is told when an endpoint is turned off.
 */

/**
 * The card's stamps after the change, the key's name ("via <key name>") and a new member's name
 * and e-mail, when asked.
 */
export async function findEventExtras(
  db: Db,
  {
    cardId,
    apiKeyId,
    profileOf,
  }: { cardId: string | null; apiKeyId: string | null; profileOf: string | null },
): Promise<Record<string, unknown>> {
  const extras: Record<string, unknown> = {};
  if (profileOf) {
    const [profile] = await db
      .select({ name: profiles.name, email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, profileOf))
      .limit(1);
    if (profile) Object.assign(extras, profile);
  }
  if (cardId) {
    const [card] = await db
      .select({ stamps: loyaltyCards.stamps, maxStamps: loyaltyCards.maxStamps })
      .from(loyaltyCards)
      .where(eq(loyaltyCards.id, cardId))
      .limit(1);
    if (card) Object.assign(extras, card);
  }
  if (apiKeyId) {
    const [key] = await db
      .select({ name: apiKeys.name })
      .from(apiKeys)
      .where(eq(apiKeys.id, apiKeyId))
      .limit(1);
    if (key) extras.via = key.name;
  }
  return extras;
}

/** The live company's sandbox (test endpoints belong to it), or null when none was made. */
export async function findSandboxId(db: Db, liveCompanyId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.sandboxOf, liveCompanyId))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The owner of a company (a sandbox's is the live company's owner) and the live company's name:
 * who is e-mailed when an endpoint is turned off.
 */
export async function findWebhookOwner(
  db: Db,
  companyId: string,
): Promise<{ email: string; language: Language; companyName: string; test: boolean } | null> {
  const [row] = await db
    .select({
      email: profiles.email,
      language: profiles.language,
      companyName: companies.tradeName,
      sandboxOf: companies.sandboxOf,
    })
    .from(companies)
    .innerJoin(profiles, eq(profiles.id, companies.ownerId))
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) return null;
  return {
    email: row.email,
    language: toLanguage(row.language),
    companyName: row.companyName,
    test: row.sandboxOf !== null,
  };
}
