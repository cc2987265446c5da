/**
 * A channel's settings (any adapter, channel-adapter.ts): the company's credentials, kept
 * encrypted (channel-secrets.ts), as the page shows them (never a secret, only which are set),
 * saved (an empty secret keeps the saved one) and removed; and the secrets opened for the webhook
 * and for sending.
 */
import { eq, getTableColumns } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { log } from "../../lib/log";
import type { CompanyActor } from "../../middleware/actor";
import type {
  ChannelAdapter,
  ChannelDeps,
  ChannelName,
  ChannelSecretsInput,
} from "./channel-adapter";
import { deleteChannelContacts } from "./channel-contacts";
import {
  type ChannelSecretField,
  decryptSecret,
  type SealedChannelSecrets,
  sealChannelSecrets,
} from "./channel-secrets";

/** Where a secret belongs: a ciphertext opens only in its own channel, company and field. */
export const channelSecretContext = (
  channel: ChannelName,
  companyId: string,
  field: ChannelSecretField,
) => `${channel}:${companyId}:${field}`;

export const channelWebhookUrl = (channel: ChannelName, appUrl: string, companyId: string) =>
  `${appUrl}/api/${channel}/webhook/${encodeURIComponent(companyId)}`;

/** The property of `table` that is `column` (inserts name a channel's own columns by it). */
export function columnKey(table: PgTable, column: AnyPgColumn): string {
  for (const [key, candidate] of Object.entries(getTableColumns(table))) {
    if (candidate === column) return key;
  }
  throw new Error(`Column ${column.name} is not one of its channel table's`);
}

/** The company's settings row of this channel, or null. */
export async function channelRow<Row>(
  db: Pick<Db, "select">,
  adapter: ChannelAdapter<Row, unknown>,
  companyId: string,
): Promise<(Row & SealedChannelSecrets & Record<string, unknown>) | null> {
  const { channels, nodeId } = adapter.tables;
  const [row] = await db.select().from(channels).where(eq(channels.companyId, companyId)).limit(1);
  if (!row) return null;
  // The adapter's own row type: the table `adapter.tables` names (checked where it is defined).
  return { ...(row as Row & SealedChannelSecrets), nodeId: row[columnKey(channels, nodeId)] };
}

/** The channel as the company's page shows it. */
export async function getChannel<Row>(
  db: Db,
  adapter: ChannelAdapter<Row, unknown>,
  appUrl: string,
  actor: CompanyActor,
) {
  const row = await channelRow(db, adapter, actor.companyId);
  return {
    configured: row !== null,
    ...adapter.settingsView(row),
    accessTokenSet: Boolean(row?.accessTokenEnc),
    appSecretSet: Boolean(row?.appSecretEnc),
    verifyTokenSet: Boolean(row?.verifyTokenEnc),
    webhookUrl: channelWebhookUrl(adapter.name, appUrl, actor.companyId),
  };
}

/**
 * Saves the credentials; a secret left empty keeps the one saved (all three are required the
 * first time). The account id may be another company's too (decision 028): the webhook finds the
 * company by its own URL and checks its own app secret, and the sends use its own token, so an id
 * saved by someone else gives them nothing; refusing it would let anyone squat an id before its
 * owner, and tell them which ids are in use.
 */
export async function saveChannel<Row, Save extends ChannelSecretsInput>(
  db: Db,
  adapter: ChannelAdapter<Row, Save>,
  deps: ChannelDeps & { appUrl: string },
  actor: CompanyActor,
  input: Save,
) {
  const key = deps.channelSecretKey;
  if (!key) {
    throw new Error(
      `The ${adapter.label} channel needs the channel secret key (CHANNEL_SECRET_KEY)`,
    );
  }
  const { companyId } = actor;
  const existing = await channelRow(db, adapter, companyId);
  const { sealed, missing } = sealChannelSecrets(key, input, existing, (field) =>
    channelSecretContext(adapter.name, companyId, field),
  );
  if (missing.length > 0) {
    throw new AppError(
      "validation_failed",
      400,
      `Missing ${adapter.label} credentials`,
      Object.fromEntries(missing.map((name) => [name, `${adapter.name}_secret_required`])),
    );
  }
  const { channels } = adapter.tables;
  const values = { ...adapter.settingsValues(input), ...sealed, updatedAt: new Date() };
  await db
    .insert(channels)
    .values({ companyId, ...values })
    .onConflictDoUpdate({ target: channels.companyId, set: values });
  return getChannel(db, adapter, deps.appUrl, actor);
}

/**
 * Removes the channel with the people who wrote on it (issue 34): its contacts and their messages
 * go with its credentials, in one transaction.
 */
export async function removeChannel<Row>(
  db: Db,
  adapter: ChannelAdapter<Row, unknown>,
  appUrl: string,
  actor: CompanyActor,
) {
  const { channels } = adapter.tables;
  await db.transaction(async (tx) => {
    await tx.delete(channels).where(eq(channels.companyId, actor.companyId));
    await deleteChannelContacts(tx, adapter.name, actor.companyId);
  });
  return getChannel(db, adapter, appUrl, actor);
}

/**
 * The channel's secrets opened with the app's key (`fields`), with its row; null when the key,
 * the row or a secret is missing (a secret that does not open is logged).
 */
export async function openChannel<Row, F extends ChannelSecretField>(
  db: Db,
  adapter: ChannelAdapter<Row, unknown>,
  deps: ChannelDeps,
  companyId: string,
  fields: readonly F[],
) {
  const key = deps.channelSecretKey;
  const row = key ? await channelRow(db, adapter, companyId) : null;
  if (!key || !row) return null;
  const stored: Record<ChannelSecretField, string> = {
    access_token: row.accessTokenEnc,
    app_secret: row.appSecretEnc,
    verify_token: row.verifyTokenEnc,
  };
  const secrets = {} as Record<F, string>;
  for (const field of fields) {
    const opened = decryptSecret(
      key,
      stored[field],
      channelSecretContext(adapter.name, companyId, field),
    );
    if (opened === null) {
      log.error(
        `${adapter.label} channel of company ${companyId}: its secrets do not open with this key`,
      );
      return null;
    }
    secrets[field] = opened;
  }
  return { row, nodeId: String(row.nodeId), secrets };
}
