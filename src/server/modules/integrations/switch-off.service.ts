import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiKeys, webhookEndpoints } from "./integrations.table";
import { findSandboxId } from "./webhooks.queries";

/**
 * 'Fechar conta' (issue 34): every API key of the company (live and test) revoked, and every
 * webhook endpoint (its own and its sandbox's) switched off with the reason `company_closed`.
 * A restored company makes new keys and switches its endpoints on again itself.
 */
export async function switchOffIntegrations(
  tx: Db,
  companyId: string,
): Promise<{ keysRevoked: number; endpointsOff: number }> {
  const keys = await tx
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  const sandboxId = await findSandboxId(tx, companyId);
  const ownAndSandbox = sandboxId ? [companyId, sandboxId] : [companyId];
  const endpoints = await tx
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: "company_closed" })
    .where(
      and(inArray(webhookEndpoints.companyId, ownAndSandbox), eq(webhookEndpoints.enabled, true)),
    )
    .returning({ id: webhookEndpoints.id });
  return { keysRevoked: keys.length, endpointsOff: endpoints.length };
}
