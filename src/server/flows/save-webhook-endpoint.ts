/**
 * Adding a webhook endpoint (flow: decision 022). The URL is checked by the SSRF guard first
 * (outside the transaction: a DNS lookup), then a test endpoint opens the company's sandbox (with
 * its programmes: companies, programs) when none exists, and the endpoint is saved there.
 */
import type { ApiKeyMode, CreateWebhookEndpoint } from "@shared/integrations.schema";
import type { Db } from "../db/client";
import { checkWebhookUrl, type WebhookNetworkOptions } from "../modules/integrations/ssrf";
import { createWebhookEndpoint } from "../modules/integrations/webhooks.service";
import { openSandbox } from "./create-api-key";

/** The panel's 'Adicionar endpoint': live, or test (on the sandbox, made when missing). */
export async function addWebhookEndpoint(
  db: Db,
  network: WebhookNetworkOptions,
  liveCompanyId: string,
  input: CreateWebhookEndpoint,
) {
  await checkWebhookUrl(input.url, network);
  const mode: ApiKeyMode = input.mode ?? "live";
  return db.transaction(async (tx) => {
    const companyId = mode === "test" ? await openSandbox(tx, liveCompanyId) : liveCompanyId;
    return createWebhookEndpoint(tx, companyId, mode, input);
  });
}
