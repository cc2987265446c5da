/**
 * Sending on Instagram Direct with Instagram's 24-hour rule: inside the window (the contact wrote
 * in the last 24 hours) a text goes out (`messaging_type: RESPONSE`); outside it, up to 7 days,
 * only a person's reply may, tagged `HUMAN_AGENT`; never the assistant or a campaign
 * (`window_closed`, nothing sent). Meta's "outside the allowed window" (code 10, subcode 2018278)
 * is `window_closed` too. Every attempt leaves one outbound row with its status.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { decryptSecret } from "./channel-secrets";
import { DEFAULT_GRAPH_API_BASE_URL, type GraphResult, postGraphMessage } from "./graph-api";
import {
  type InstagramDeps,
  instagramChannelRow,
  instagramSecretContext,
} from "./instagram.service";
import { instagramContacts, instagramMessages } from "./instagram.table";

/** The window in which any message may go out. */
export const INSTAGRAM_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The window in which a person (never the assistant) may still answer, tagged HUMAN_AGENT. */
export const INSTAGRAM_HUMAN_AGENT_MS = 7 * 24 * 60 * 60 * 1000;
/** Instagram's longest text message. */
const TEXT_MAX = 1000;
/** Meta's answer to a message sent outside the allowed window. */
const OUTSIDE_WINDOW = { code: 10, subcode: 2018278 };

/**
 * - `sent`: the text went out;
 * - `window_closed`: outside what the rules allow this sender: nothing sent;
 * - `failed`: Meta refused it (`errorCode`) or did not answer (null);
 * - `unavailable`: the company has no channel (or this contact is not its): nothing recorded.
 */
export type InstagramSendStatus = "sent" | "window_closed" | "failed" | "unavailable";

export type InstagramSendResult = {
  status: InstagramSendStatus;
  rowId: string | null;
  errorCode: number | null;
};

const unavailable: InstagramSendResult = { status: "unavailable", rowId: null, errorCode: null };

/** Where the contact stands: `open` (24 hours), `human_agent` (up to 7 days), `closed`. */
export function instagramWindow(lastInboundAt: Date | null, now: Date) {
  const since = lastInboundAt ? now.getTime() - lastInboundAt.getTime() : Number.POSITIVE_INFINITY;
  if (since < INSTAGRAM_WINDOW_MS) return "open" as const;
  return since < INSTAGRAM_HUMAN_AGENT_MS ? ("human_agent" as const) : ("closed" as const);
}

/**
 * Sends `text` to a contact of `companyId` from the company's Instagram account, within the
 * rules above (`byPerson`: a person of the company answers, who may use the HUMAN_AGENT tag).
 */
export async function sendInstagramText(
  db: Db,
  deps: InstagramDeps & { now?: Date },
  companyId: string,
  contactId: string,
  text: string,
  options: { byPerson: boolean },
): Promise<InstagramSendResult> {
  const key = deps.channelSecretKey;
  if (!key) return unavailable;
  const channel = await instagramChannelRow(db, companyId);
  const [contact] = await db
    .select({ igsid: instagramContacts.igsid, lastInboundAt: instagramContacts.lastInboundAt })
    .from(instagramContacts)
    .where(and(eq(instagramContacts.id, contactId), eq(instagramContacts.companyId, companyId)))
    .limit(1);
  if (!channel || !contact) return unavailable;
  const accessToken = decryptSecret(
    key,
    channel.accessTokenEnc,
    instagramSecretContext(companyId, "access_token"),
  );
  if (accessToken === null) {
    console.error(`Instagram channel of company ${companyId}: its token does not open`);
    return unavailable;
  }
  const body = text.slice(0, TEXT_MAX);
  const record = async (
    status: Exclude<InstagramSendStatus, "unavailable">,
    result: GraphResult | null,
  ): Promise<InstagramSendResult> => {
    const rowId = randomUUID();
    const errorCode = result && !result.ok ? result.code : null;
    await db.insert(instagramMessages).values({
      id: rowId,
      companyId,
      contactId,
      direction: "out",
      body,
      mid: result?.ok ? result.messageId : null,
      status,
      errorCode,
    });
    return { status, rowId, errorCode };
  };

  const window = instagramWindow(contact.lastInboundAt, deps.now ?? new Date());
  if (window === "closed" || (window === "human_agent" && !options.byPerson)) {
    return record("window_closed", null);
  }
  const sent = await postGraphMessage(
    {
      baseUrl: deps.graphApiBaseUrl ?? DEFAULT_GRAPH_API_BASE_URL,
      nodeId: channel.accountId,
      accessToken,
    },
    {
      recipient: { id: contact.igsid },
      ...(window === "open"
        ? { messaging_type: "RESPONSE" }
        : { messaging_type: "MESSAGE_TAG", tag: "HUMAN_AGENT" }),
      message: { text: body },
    },
  );
  if (sent.ok) return record("sent", sent);
  const outside = sent.code === OUTSIDE_WINDOW.code && sent.subcode === OUTSIDE_WINDOW.subcode;
  return record(outside ? "window_closed" : "failed", sent);
}
