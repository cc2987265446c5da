import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  API_KEY_PREFIX,
  API_KEY_ROTATION_GRACE_HOURS,
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeyMode,
  type ApiKeyScope,
  type ApiRequestLog,
  type CreateApiKey,
} from "@shared/integrations.schema";
import { and, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { log } from "../../lib/log";
import { findKeyCompany } from "./api-keys.queries";
import { apiKeys, apiRequests, webhookDeliveries } from "./integrations.table";

/**
 * API keys (issue 33, 'Integrações'): made, listed, revoked and rotated by the owner; only the
 * SHA-256 of a secret is stored, and the secret is answered once.
 */

/** The SHA-256 (hex) of a key's secret: all that is stored of it. */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `cb_live_` + 32 base-62 characters (190 bits). */
function newSecret(mode: ApiKeyMode): string {
  const bytes = randomBytes(32);
  let body = "";
  for (const byte of bytes) body += BASE62[byte % 62];
  return `${API_KEY_PREFIX}${mode}_${body}`;
}

const hintOf = (secret: string) => `${secret.slice(0, 12)}…${secret.slice(-4)}`;

type ApiKeyRow = typeof apiKeys.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode as ApiKeyMode,
    scopes: row.scopes as ApiKeyScope[],
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    requestCount: row.requestCount,
    revokedAt: iso(row.revokedAt),
    expiresAt: iso(row.expiresAt),
  };
}

/** A key in use: not revoked and not past a rotation's grace. */
const usable = () =>
  and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)));

/** 'Criar chave': the key and its secret (shown once). At most API_KEYS_MAX usable keys. */
export async function createApiKey(
  tx: Db,
  companyId: string,
  createdBy: string,
  input: CreateApiKey,
): Promise<{ key: ApiKey; secret: string }> {
  // Two creations at once count each other.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api-keys:${companyId}`}))`);
  const [held] = await tx
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.companyId, companyId), usable()));
  if ((held?.n ?? 0) >= API_KEYS_MAX) {
    throw new AppError("api_keys_limited", 409, `At most ${API_KEYS_MAX} keys.`);
  }
  const secret = newSecret(input.mode);
  const [row] = await tx
    .insert(apiKeys)
    .values({
      id: randomUUID(),
      companyId,
      name: input.name,
      mode: input.mode,
      scopes: [...input.scopes],
      secretHash: hashSecret(secret),
      hint: hintOf(secret),
      createdBy,
    })
    .returning();
  if (!row) throw new Error("API key not inserted");
  return { key: toApiKey(row), secret };
}

/** The company's keys, newest first (revoked ones too, marked). */
export async function listApiKeys(db: Db, companyId: string): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.companyId, companyId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map(toApiKey);
}

async function findOwnKey(db: Db, companyId: string, id: string): Promise<ApiKeyRow> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId)))
    .limit(1);
  if (!row) throw new AppError("not_found", 404, "API key not found");
  return row;
}

/** 'Revogar': refused from now on (401). Revoking twice keeps the first time. */
export async function revokeApiKey(db: Db, companyId: string, id: string): Promise<ApiKey> {
  const row = await findOwnKey(db, companyId, id);
  if (row.revokedAt) return toApiKey(row);
  const [updated] = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(eq(apiKeys.id, row.id))
    .returning();
  return toApiKey(updated ?? row);
}

/**
 * 'Girar': a new key with the same name, scopes and mode; the old one is revoked now, or kept
 * for API_KEY_ROTATION_GRACE_HOURS when `keepOld`. A revoked key cannot be rotated (404).
 */
export async function rotateApiKey(
  tx: Db,
  companyId: string,
  userId: string,
  id: string,
  keepOld: boolean,
): Promise<{ key: ApiKey; secret: string }> {
  const [row] = await tx
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, companyId), usable()))
    .for("update");
  if (!row) throw new AppError("not_found", 404, "API key not found");
  await tx
    .update(apiKeys)
    .set(
      keepOld
        ? { expiresAt: sql`now() + make_interval(hours => ${API_KEY_ROTATION_GRACE_HOURS})` }
        : { revokedAt: sql`now()` },
    )
    .where(eq(apiKeys.id, row.id));
  const secret = newSecret(row.mode as ApiKeyMode);
  const [created] = await tx
    .insert(apiKeys)
    .values({
      id: randomUUID(),
      companyId,
      name: row.name,
      mode: row.mode,
      scopes: row.scopes,
      secretHash: hashSecret(secret),
      hint: hintOf(secret),
      createdBy: userId,
    })
    .returning();
  if (!created) throw new Error("API key not inserted");
  return { key: toApiKey(created), secret };
}

/** What a request with a usable key acts as. */
export type ApiKeyActor = {
  keyId: string;
  keyName: string;
  mode: ApiKeyMode;
  scopes: readonly ApiKeyScope[];
  /** The company the key belongs to (its owner's). */
  liveCompanyId: string;
  /** The company it acts on: the live one, or its sandbox for a test key. */
  companyId: string;
  /** The live company's trial is over without a paid period (writes other than stamping: 402). */
  planExpired: boolean;
};

/**
 * The key behind a secret, if usable (null: unknown, revoked or expired), counting this use, with
 * what it acts on (the sandbox of a test key) and the plan's state.
 */
export async function authenticateApiKey(
  db: Db,
  secret: string,
  /** Makes the live company's sandbox when a test key finds none (emptied): its id. */
  openSandbox?: (liveCompanyId: string) => Promise<string>,
): Promise<ApiKeyActor | null> {
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 100) return null;
  const [key] = await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()`, requestCount: sql`${apiKeys.requestCount} + 1` })
    .where(and(eq(apiKeys.secretHash, hashSecret(secret)), usable()))
    .returning();
  if (!key) return null;
  const company = await findKeyCompany(db, key.companyId, key.mode);
  if (!company) return null;
  const actingId =
    company.actingId ?? (key.mode === "test" ? await openSandbox?.(key.companyId) : null);
  if (!actingId) return null;
  return {
    keyId: key.id,
    keyName: key.name,
    mode: key.mode as ApiKeyMode,
    scopes: key.scopes as ApiKeyScope[],
    liveCompanyId: key.companyId,
    companyId: actingId,
    planExpired: company.planExpired,
  };
}

/** One call in the company's access log ('Registro de acesso'). Never throws. */
export async function recordApiRequest(
  db: Db,
  entry: {
    actor: ApiKeyActor;
    method: string;
    path: string;
    status: number;
    durationMs: number;
    ipAddress: string | null;
  },
): Promise<void> {
  try {
    await db.insert(apiRequests).values({
      id: randomUUID(),
      companyId: entry.actor.liveCompanyId,
      apiKeyId: entry.actor.keyId,
      keyName: entry.actor.keyName,
      mode: entry.actor.mode,
      method: entry.method,
      path: entry.path.slice(0, 300),
      status: entry.status,
      durationMs: Math.round(entry.durationMs),
      ipAddress: entry.ipAddress?.slice(0, 100) ?? null,
    });
  } catch (error) {
    log.error("Could not record an API request", error);
  }
}

export const API_REQUEST_LOG_LIMIT = 100;

/** The company's latest API calls, newest first. */
export async function listApiRequests(db: Db, companyId: string): Promise<ApiRequestLog[]> {
  const rows = await db
    .select()
    .from(apiRequests)
    .where(eq(apiRequests.companyId, companyId))
    .orderBy(desc(apiRequests.createdAt), desc(apiRequests.id))
    .limit(API_REQUEST_LOG_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    keyId: row.apiKeyId,
    keyName: row.keyName,
    mode: row.mode as ApiKeyMode,
    method: row.method,
    path: row.path,
    status: row.status,
    durationMs: row.durationMs,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The access log's rows kept this long (retention job). */
export const API_REQUEST_RETENTION_DAYS = 90;
/** The delivery log's finished rows kept this long (retention job). */
export const WEBHOOK_DELIVERY_RETENTION_DAYS = 30;

/**
 * Removes up to `limit` rows of the API's access log older than API_REQUEST_RETENTION_DAYS and of
 * the webhooks' delivery log (finished ones) older than WEBHOOK_DELIVERY_RETENTION_DAYS (the
 * retention job): how many went.
 */
export async function deleteOldIntegrationLogs(db: Db, now: Date, limit: number): Promise<number> {
  const day = 24 * 60 * 60 * 1000;
  const requestsBefore = new Date(now.getTime() - API_REQUEST_RETENTION_DAYS * day);
  const deliveriesBefore = new Date(now.getTime() - WEBHOOK_DELIVERY_RETENTION_DAYS * day);
  const requests = await db
    .delete(apiRequests)
    .where(
      inArray(
        apiRequests.id,
        db
          .select({ id: apiRequests.id })
          .from(apiRequests)
          .where(lt(apiRequests.createdAt, requestsBefore))
          .limit(limit),
      ),
    )
    .returning({ id: apiRequests.id });
  const deliveries = await db
    .delete(webhookDeliveries)
    .where(
      inArray(
        webhookDeliveries.id,
        db
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .where(
            and(
              lt(webhookDeliveries.createdAt, deliveriesBefore),
              ne(webhookDeliveries.status, "pending"),
            ),
          )
          .limit(limit),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return Math.max(requests.length, deliveries.length);
}
