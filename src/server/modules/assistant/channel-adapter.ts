/**
 * IA Suprema's messaging channels behind one core (decision 024): what a channel adapter
 * (whatsapp.adapter.ts, instagram.adapter.ts) tells the core. The core writes each pipeline once:
 * inbound (channel-inbound.ts: webhook check, deduplication, contact, reply job; channel-reply.ts:
 * member match, hand-over, the engine's answer), outbound (channel-send.ts: the window, the
 * human-agent tag, the template), the settings (channel-settings.ts) and the inbox
 * (channel-inbox.ts). An adapter holds only what differs: its tables' few own columns, how its
 * webhook body reads, the platform's call shape and its window rules, and its API schemas.
 */
import type { z } from "@hono/zod-openapi";
import type { AssistantChannel } from "@shared/assistant.schema";
import type { WhatsAppMessage } from "@shared/assistant-channels";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import type { ChannelSecretName } from "./channel-secrets";

export type ChannelName = Exclude<AssistantChannel, "app">;

/** What the channels need from the app: the key of their secrets and where the platform is. */
export type ChannelDeps = {
  /** CHANNEL_SECRET_KEY (or DATA_DIR's); without it no channel can be saved or read. */
  channelSecretKey?: Buffer;
  /** GRAPH_API_BASE_URL (default Meta's). */
  graphApiBaseUrl?: string;
};

/** What the platform answered to a send: its message id, or its error (code null: no answer). */
export type SendAnswer =
  | { ok: true; messageId: string | null }
  | { ok: false; code: number | null; subcode?: number | null; message: string };

/** One inbound text, as the adapter read it from a webhook body (already cleaned and bounded). */
export type InboundText = {
  /** The platform's id of the message: kept once per company. */
  externalId: string;
  /** Whom to answer: the phone's digits, the Instagram-scoped id… */
  address: string;
  /** The name the platform gives the writer, if any. */
  name: string | null;
  body: string;
  /** When it was sent (meta-webhook.ts `boundedSentAt`). */
  at: Date;
};

/**
 * Where a contact stands: `open` (any message may go out), `human_agent` (only a person, tagged as
 * the platform asks), `closed` (no free text: the template, if the channel has one).
 */
export type ChannelWindow = "open" | "human_agent" | "closed";

/** How the platform is reached for one company (its account, and the opened access token). */
export type ChannelAccount = { baseUrl: string; nodeId: string; accessToken: string };

export type ChannelTemplate = { name: string; language: string };

/**
 * - `sent`: the text went out; `template_sent`: the window was closed, the template went out;
 * - `template_required` / `window_closed`: the window was closed and nothing went out (the
 *   adapter's `closedStatus`: a channel with templates asks for one, another just refuses);
 * - `failed`: the platform refused it (`errorCode`) or did not answer (null);
 * - `unavailable`: the company has no channel (or this contact is not its): nothing recorded.
 */
export type ChannelSendStatus =
  | "sent"
  | "template_sent"
  | "template_required"
  | "window_closed"
  | "failed"
  | "unavailable";

export type ChannelSendResult = {
  status: ChannelSendStatus;
  /** Our outbound row (null when `unavailable`). */
  rowId: string | null;
  errorCode: number | null;
};

type Column<T> = AnyPgColumn<{ data: T; notNull: true }>;
type NullableColumn<T> = AnyPgColumn<{ data: T; notNull: false }>;

/**
 * A channel's own three tables (a row of settings per company, its contacts, its messages) and
 * their few columns of their own; the core reads and writes the rest by the shared names.
 */
export type ChannelTables = {
  channels: PgTable & {
    companyId: Column<string>;
    accessTokenEnc: Column<string>;
    appSecretEnc: Column<string>;
    verifyTokenEnc: Column<string>;
  };
  /** The account's id in clear, unique across companies (WhatsApp's phone number id…). */
  nodeId: Column<string>;
  contacts: PgTable & {
    id: Column<string>;
    companyId: Column<string>;
    customerId: NullableColumn<string>;
    lastInboundAt: NullableColumn<Date>;
  };
  /** A contact's address (unique per company) and the name they go by. */
  address: Column<string>;
  contactName: NullableColumn<string>;
  messages: PgTable & {
    id: Column<string>;
    companyId: Column<string>;
    contactId: Column<string>;
    direction: Column<"in" | "out">;
    body: Column<string>;
    intent: NullableColumn<string>;
    status: Column<string>;
    errorCode: NullableColumn<number>;
    createdAt: Column<Date>;
  };
  /** The platform's message id (unique per company). */
  externalId: NullableColumn<string>;
};

/** The webhook's checks: the platform's handshake, and its signed body read as JSON. */
export type ChannelWebhook = {
  /** The challenge to echo, else throws (403). */
  handshake(
    query: { mode?: string; token?: string; challenge?: string },
    verifyToken: string,
  ): string;
  /** The signed body's JSON, else throws (401 bad signature, 400 not JSON). */
  readBody(signature: string | undefined, rawBody: Uint8Array, appSecret: string): unknown;
  /** The request header that carries the signature. */
  signatureHeader: string;
};

/** One conversation of the inbox, as the core reads it; the adapter shapes it for its API. */
export type ConversationRow = {
  contactId: string;
  address: string;
  name: string | null;
  /** The member's name when the contact is matched to one. */
  memberName: string | null;
  lastInboundAt: Date | null;
  lastAt: string;
  pending: number;
  messages: WhatsAppMessage[];
};

/** What the channel's HTTP API says of itself (OpenAPI): its schemas and summaries. */
export type ChannelApi<Save = unknown> = {
  channel: z.ZodType;
  /** The settings form (`Save`: what it gives once parsed). */
  save: z.ZodType<Save>;
  inbox: z.ZodType;
  reply: z.ZodType;
  summaries: Record<"get" | "put" | "delete" | "inbox" | "reply" | "handshake" | "webhook", string>;
};

/**
 * One channel. `Row` is its settings row; `Save` what its settings form sends (after the schema).
 * Methods (not function properties) so a concrete adapter serves where any adapter is expected.
 */
export interface ChannelAdapter<Row = Record<string, unknown>, Save = Record<string, unknown>> {
  readonly name: ChannelName;
  /** For messages and logs ("WhatsApp"). */
  readonly label: string;
  /** The job that answers an inbound text (its queue name). */
  readonly replyJob: string;
  readonly tables: ChannelTables;
  readonly api: ChannelApi<Save>;

  // Inbound
  readonly webhook: ChannelWebhook;
  /** The texts of a webhook body meant for the account `nodeId`; anything else is ignored. */
  parseWebhook(payload: unknown, nodeId: string, now: Date): InboundText[];
  /** The member of the company behind an address, when the channel can tell (WhatsApp's phone). */
  findMember?(
    db: Db,
    companyId: string,
    address: string,
  ): Promise<{ customerId: string; name: string } | null>;
  /**
   * When the assistant's answer settles the inbound message: once `attempted` (whatever the
   * platform said), or only once `sent`.
   */
  readonly assistantSettles: "attempted" | "sent";

  // Outbound
  /** The platform's longest text. */
  readonly textMax: number;
  window(lastInboundAt: Date | null, now: Date): ChannelWindow;
  /** A free text (`human_agent`: tagged as the platform asks of a person's late answer). */
  sendText(
    account: ChannelAccount,
    to: string,
    body: string,
    window: Exclude<ChannelWindow, "closed">,
  ): Promise<SendAnswer>;
  /** Whether the platform refused a text because its window had closed meanwhile. */
  closedMeanwhile(answer: SendAnswer): boolean;
  /** What a closed window records when nothing goes out. */
  readonly closedStatus: "template_required" | "window_closed";
  /** The approved template sent when the window is closed (channels that have them). */
  template?(row: Row): ChannelTemplate | null;
  sendTemplate?(
    account: ChannelAccount,
    to: string,
    template: ChannelTemplate,
  ): Promise<SendAnswer>;

  // Settings
  /** The settings row's own columns (the account id first of all) from the saved form. */
  settingsValues(input: Save): Record<string, unknown>;
  /** The settings' own fields as the API shows them (null: not set up). */
  settingsView(row: Row | null): Record<string, unknown>;
  /** The form field of the account id. */
  readonly nodeIdField: string;

  // Inbox
  conversation(row: ConversationRow, now: Date): Record<string, unknown>;
}

/** What every channel's settings form holds: its three secrets (empty: keep the saved one). */
export type ChannelSecretsInput = Record<ChannelSecretName, string>;

/** Any channel, as the registry (channels.ts) lists them. */
export type AnyChannelAdapter = ChannelAdapter<unknown, ChannelSecretsInput>;
