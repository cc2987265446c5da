/**
 * The outbound pipeline, once for every channel (decision 024). The adapter tells where the
 * contact stands (`window`): `open`, a text goes out; `human_agent`, only a person's, tagged as
 * the platform asks (the assistant and campaigns never); `closed`, the channel's approved template
 * if it has one and the company set it, else nothing (the adapter's `closedStatus`). A text the
 * platform refuses because the window closed meanwhile is treated as a closed window. Every
 * attempt leaves one outbound row with its status; an `unavailable` one (no channel, another
 * company's contact, a token that does not open) leaves none.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type {
  ChannelAccount,
  ChannelAdapter,
  ChannelDeps,
  ChannelSendResult,
  ChannelSendStatus,
  SendAnswer,
} from "./channel-adapter";
import { columnKey, openChannel } from "./channel-settings";
import { DEFAULT_GRAPH_API_BASE_URL } from "./graph-api";

const unavailable: ChannelSendResult = { status: "unavailable", rowId: null, errorCode: null };

/**
 * Sends `text` to a contact of `companyId` within the channel's rules, and records the outbound
 * row (status, the platform's id, error code). `byPerson`: a person of the company answers (who
 * may use the human-agent tag); else (the default) the assistant or a campaign.
 */
export async function sendOnChannel<Row>(
  db: Db,
  adapter: ChannelAdapter<Row, unknown>,
  deps: ChannelDeps & { now?: Date },
  companyId: string,
  contactId: string,
  text: string,
  options: { byPerson: boolean } = { byPerson: false },
): Promise<ChannelSendResult> {
  const { contacts, address, messages, externalId } = adapter.tables;
  const channel = await openChannel(db, adapter, deps, companyId, ["access_token"] as const);
  if (!channel) return unavailable;
  const [contact] = await db
    .select({ address, lastInboundAt: contacts.lastInboundAt })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, companyId)))
    .limit(1);
  if (!contact) return unavailable;
  const account: ChannelAccount = {
    baseUrl: deps.graphApiBaseUrl ?? DEFAULT_GRAPH_API_BASE_URL,
    nodeId: channel.nodeId,
    accessToken: channel.secrets.access_token,
  };
  const body = text.slice(0, adapter.textMax);
  const record = async (
    status: Exclude<ChannelSendStatus, "unavailable">,
    answer: SendAnswer | null,
    errorCode: number | null,
  ): Promise<ChannelSendResult> => {
    const rowId = randomUUID();
    await db.insert(messages).values({
      id: rowId,
      companyId,
      contactId,
      direction: "out",
      body,
      [columnKey(messages, externalId)]: answer?.ok ? answer.messageId : null,
      status,
      errorCode,
    });
    return { status, rowId, errorCode };
  };

  const window = adapter.window(contact.lastInboundAt, deps.now ?? new Date());
  // The platform's error when the window closed meanwhile, kept on the row.
  let closedCode: number | null = null;
  if (window === "open" || (window === "human_agent" && options.byPerson)) {
    const sent = await adapter.sendText(account, contact.address, body, window);
    if (sent.ok) return record("sent", sent, null);
    if (!adapter.closedMeanwhile(sent)) return record("failed", sent, sent.code);
    closedCode = sent.code;
  }
  const template = adapter.template?.(channel.row) ?? null;
  if (!template || !adapter.sendTemplate) return record(adapter.closedStatus, null, closedCode);
  const sent = await adapter.sendTemplate(account, contact.address, template);
  return sent.ok ? record("template_sent", sent, closedCode) : record("failed", sent, sent.code);
}

/** `sendOnChannel` for one channel (`sendWhatsAppText`; the test kit makes one per channel). */
export const channelSender =
  <Row>(adapter: ChannelAdapter<Row, unknown>) =>
  (
    db: Db,
    deps: ChannelDeps & { now?: Date },
    companyId: string,
    contactId: string,
    text: string,
    options?: { byPerson: boolean },
  ) =>
    sendOnChannel(db, adapter, deps, companyId, contactId, text, options);
