/**
 * What the channels' API tests share (decision 024): a café whose channel is saved and whose
 * assistant is on, a rival company, the channel's settings request, and the platform's signed
 * webhook (`channelTestKit`); and each channel's fixtures (`CHANNEL_FIXTURES`: its webhook bodies,
 * its settings, what its sends look like) for the suite every channel runs (channels.test.ts).
 * A new channel is its adapter plus one fixture here. Used by tests only.
 */
import { ASSISTANT_DEFAULTS, type AssistantSettings } from "@shared/assistant.schema";
import type {
  SaveInstagramChannelInput,
  SaveWhatsAppChannelInput,
} from "@shared/assistant-channels";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { answerOf } from "../../test/api";
import {
  type GraphReply,
  type GraphRequest,
  metaSignature,
  startFakeGraph,
  waitFor,
} from "../../test/fake-graph";
import { createTestApp, TEST_CHANNEL_SECRET_KEY, type TestApp } from "../../test/test-app";
import { assistantFeedback } from "./assistant.table";
import type { AnyChannelAdapter, ChannelName } from "./channel-adapter";
import type { ChannelSecretField, ChannelSecretName } from "./channel-secrets";
import { channelSender } from "./channel-send";
import { channelSecretContext, columnKey } from "./channel-settings";
import { instagramChannel } from "./instagram.adapter";
import { whatsappChannel } from "./whatsapp.adapter";

export type Company = { cookie: string; companyId: string };

/** Open all day, every day: the answers do not depend on when the test runs. */
const allDay = () =>
  Array.from({ length: 7 }, () => ({ open: true, start: "00:00", end: "23:59" }));

export function channelTestKit<Input extends Record<ChannelSecretName, string>>(options: {
  channel: ChannelName;
  /** The café's credentials (its app secret signs the webhook's bodies). */
  credentials: Input;
  /** The test's app, once beforeAll made it. */
  app: () => TestApp;
}) {
  const { channel, credentials, app } = options;
  const sign = (body: string, secret = credentials.appSecret) => metaSignature(body, secret);

  // Raw: the input is the channel's own settings (each channel's body has its own fields).
  const saveChannel = (company: Company, input: Input) =>
    app().request(`/api/assistant/${channel}`, {
      method: "PUT",
      cookie: company.cookie,
      body: input,
    });

  const assistantOn = (company: Company, enabled: boolean) =>
    app().request("/api/assistant/settings", {
      method: "PUT",
      cookie: company.cookie,
      body: {
        ...ASSISTANT_DEFAULTS,
        companyName: "Café do Ponto",
        enabled,
        serviceHours: allDay(),
      } satisfies AssistantSettings,
    });

  return {
    sign,
    saveChannel,
    assistantOn,

    /** Meta's `POST` of `body` to the company's webhook, signed with the café's app secret. */
    webhook: (company: Company, body: string, signature: string | null = sign(body)) =>
      app().request(`/api/${channel}/webhook/${company.companyId}`, {
        method: "POST",
        body,
        headers: signature === null ? {} : { "x-hub-signature-256": signature },
      }),

    /** The café (its channel saved with `credentials`, its assistant on) and a rival company. */
    async openCompanies(): Promise<{ cafe: Company; rival: Company }> {
      const t = app();
      const cafe = await t.companySession();
      const rival = await t.companySession({
        email: "dono@rival.com.br",
        companyName: "Café Rival",
      });
      await answerOf<`/api/assistant/${ChannelName}`, "put">(
        await saveChannel(cafe, credentials),
        200,
      );
      await answerOf<"/api/assistant/settings", "put">(await assistantOn(cafe, true), 200);
      return { cafe, rival };
    },

    /** None of `secrets` (the café's, by default all three) shows in `text`. */
    expectNoSecret(
      text: string,
      secrets: readonly string[] = [
        credentials.accessToken,
        credentials.appSecret,
        credentials.verifyToken,
      ],
    ) {
      for (const secret of secrets) {
        expect(text).not.toContain(secret);
      }
    },

    /** Where the channel's secrets of `companyId` belong (channel-settings.ts). */
    secretContext: (companyId: string, field: ChannelSecretField) =>
      channelSecretContext(channel, companyId, field),

    /** The complaint or suggestion filed from an inbound message, if any. */
    feedbackOf: async (messageId: string) =>
      (
        await app()
          .db.select()
          .from(assistantFeedback)
          .where(eq(assistantFeedback.sourceMessageId, messageId))
      )[0],
  };
}

export const hoursAgo = (h: number) => new Date(Date.now() - h * 3600 * 1000);

// ─────────────────────────────────────────────────────────────────────────────────────────────
// Each channel's fixtures, for the suite every channel runs (channels.test.ts)
// ─────────────────────────────────────────────────────────────────────────────────────────────

/** An inbound text as the platform posts it: its id, and the webhook body carrying it. */
export type InboundText = { id: string; payload: string };

export type InboundOptions = {
  /** The platform's message id (default: a new one). */
  id?: string;
  /** The writer's profile name, where the platform sends one (WhatsApp). */
  name?: string;
  /** The account the text is meant for (default: the café's). */
  account?: string;
  /** When the platform says the text was sent, in seconds (WhatsApp; default: now). */
  timestamp?: number;
};

/** What differs between two channels in their API tests; the behaviours are the suite's. */
export type ChannelFixture<Input extends Record<ChannelSecretName, string>> = {
  adapter: AnyChannelAdapter;
  /** The café's credentials. */
  credentials: Input;
  /** The settings field that names the account (WhatsApp's phone number id, Instagram's id). */
  accountField: keyof Input & string;
  /** A well-formed account id of no company. */
  otherAccount: string;
  /** The café's channel as its settings answer it, but for the webhook URL. */
  savedView: Record<string, unknown>;
  /** The field error of an account id another company saved. */
  accountTaken: string;
  /** Malformed settings, and the field errors they get. */
  malformed: { input: Partial<Input>; fields: Record<string, string> };
  /** Bodies a webhook accepts and reads no text from. */
  emptyBodies: readonly string[];
  /** What the fake Graph API answers a send. */
  graphSuccess: (body: Record<string, unknown>, n: number) => unknown;
  /** A contact's address on the platform (a phone, a scoped id), distinct for each `n`. */
  address: (n: number) => string;
  /** A text from `from` to the café, as the platform's webhook posts it. */
  inbound: (from: string, text: string, options?: InboundOptions) => InboundText;
  /** The recipient of a send the fake Graph API received, and its text. */
  recipientOf: (request: GraphRequest) => string | undefined;
  textOf: (request: GraphRequest) => string;
  /** What the body of a free text (inside the window) holds, besides its text. */
  freeText: Record<string, unknown>;
  /** How a contact who wrote as `name` is stored and listed, and named in the bell. */
  contactNamed: (name: string) => Record<string, unknown>;
  conversationNamed: (name: string) => Record<string, unknown>;
  bellName: (name: string) => string;
};

const WA_ACCOUNT = "1098765432101";
let wamids = 0;

export const WHATSAPP_FIXTURE: ChannelFixture<SaveWhatsAppChannelInput> = {
  adapter: whatsappChannel,
  credentials: {
    phoneNumberId: WA_ACCOUNT,
    accessToken: "EAAcafe-access-token-0001",
    appSecret: "cafe-app-secret-0123456789abcdef",
    verifyToken: "cafe-verify-token",
    templateName: "",
    templateLanguage: "",
  },
  accountField: "phoneNumberId",
  otherAccount: "2098765432102",
  accountTaken: "whatsapp_phone_number_id_taken",
  savedView: {
    configured: true,
    phoneNumberId: WA_ACCOUNT,
    accessTokenSet: true,
    appSecretSet: true,
    verifyTokenSet: true,
    templateName: "",
    templateLanguage: "",
  },
  malformed: {
    input: { phoneNumberId: "12ab", accessToken: "has space", templateName: "Promo Template" },
    fields: {
      phoneNumberId: "whatsapp_phone_number_id_invalid",
      accessToken: "whatsapp_secret_invalid",
      templateName: "whatsapp_template_name_invalid",
    },
  },
  emptyBodies: ["[]", "{}", '{"entry":"x"}', '{"entry":[{"changes":[{"value":7}]}]}'],
  graphSuccess: (_body, n) => ({
    messaging_product: "whatsapp",
    messages: [{ id: `wamid.out.${n}` }],
  }),
  address: (n) => `55119${String(n).padStart(8, "0")}`,
  inbound: (from, text, options = {}) => {
    const id = options.id ?? `wamid.in.${++wamids}`;
    return {
      id,
      payload: JSON.stringify({
        object: "whatsapp_business_account",
        entry: [
          {
            id: "WABA-1",
            changes: [
              {
                field: "messages",
                value: {
                  messaging_product: "whatsapp",
                  metadata: {
                    display_phone_number: "551130000000",
                    phone_number_id: options.account ?? WA_ACCOUNT,
                  },
                  contacts: [{ profile: { name: options.name ?? "Fulano" }, wa_id: from }],
                  messages: [
                    {
                      from,
                      id,
                      timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
                      type: "text",
                      text: { body: text },
                    },
                  ],
                },
              },
            ],
          },
        ],
      }),
    };
  },
  recipientOf: (r) => r.body.to as string | undefined,
  textOf: (r) => (r.body.text as { body: string } | undefined)?.body ?? "",
  freeText: { messaging_product: "whatsapp", type: "text" },
  contactNamed: (name) => ({ name }),
  conversationNamed: (name) => ({ name, member: false }),
  bellName: (name) => name,
};

const IG_ACCOUNT = "17841400000000001";
let mids = 0;

export const INSTAGRAM_FIXTURE: ChannelFixture<SaveInstagramChannelInput> = {
  adapter: instagramChannel,
  credentials: {
    accountId: IG_ACCOUNT,
    accessToken: "IGAAcafe-access-token-0001",
    appSecret: "cafe-ig-app-secret-0123456789abcdef",
    verifyToken: "cafe-ig-verify-token",
  },
  accountField: "accountId",
  otherAccount: "17841400000000002",
  accountTaken: "instagram_account_id_taken",
  savedView: {
    configured: true,
    accountId: IG_ACCOUNT,
    accessTokenSet: true,
    appSecretSet: true,
    verifyTokenSet: true,
  },
  malformed: {
    input: { accountId: "abc", accessToken: "a b" },
    fields: {
      accountId: "instagram_account_id_invalid",
      accessToken: "instagram_secret_invalid",
    },
  },
  emptyBodies: [
    "[]",
    "{}",
    "null",
    '{"entry":"x"}',
    '{"entry":[{"messaging":7}]}',
    '{"entry":[{"messaging":[{"sender":{},"message":{"mid":1}}]}]}',
    '{"entry":[{"messaging":[{"sender":{"id":"9"},"read":{"mid":"m"}}]}]}',
    '{"entry":[{"messaging":[{"sender":{"id":"9"},"message":{"mid":"m","attachments":[]}}]}]}',
  ],
  graphSuccess: (body, n) => ({
    recipient_id: (body.recipient as { id?: string } | undefined)?.id,
    message_id: `mid.out.${n}`,
  }),
  address: (n) => `9000${String(n).padStart(4, "0")}`,
  inbound: (from, text, options = {}) => instagramInbound(from, text, options),
  recipientOf: (r) => (r.body.recipient as { id?: string } | undefined)?.id,
  textOf: (r) => (r.body.message as { text?: string } | undefined)?.text ?? "",
  freeText: { messaging_type: "RESPONSE" },
  // Instagram sends no name: the contact is known by its scoped id until a username is read.
  contactNamed: () => ({ username: null }),
  conversationNamed: () => ({ username: "", humanAgentOpen: true }),
  bellName: () => "Instagram",
};

/** An Instagram webhook body with one messaging item; `echo`: the company's own message. */
export function instagramInbound(
  igsid: string,
  text: string,
  options: InboundOptions & { echo?: boolean } = {},
): InboundText {
  const mid = options.id ?? `mid.in.${++mids}`;
  const account = options.account ?? IG_ACCOUNT;
  const fromCompany = options.echo === true;
  return {
    id: mid,
    payload: JSON.stringify({
      object: "instagram",
      entry: [
        {
          id: account,
          time: Date.now(),
          messaging: [
            {
              sender: { id: fromCompany ? account : igsid },
              recipient: { id: fromCompany ? igsid : account },
              timestamp: Date.now(),
              message: { mid, text, ...(fromCompany ? { is_echo: true } : {}) },
            },
          ],
        },
      ],
    }),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the suite runs over fixtures of different inputs
export const CHANNEL_FIXTURES: readonly ChannelFixture<any>[] = [
  WHATSAPP_FIXTURE,
  INSTAGRAM_FIXTURE,
];

/** A row of a channel's table, read through the adapter's columns (the shared names). */
type MessageRow = {
  id: string;
  companyId: string;
  contactId: string;
  direction: "in" | "out";
  status: string;
  intent: string | null;
  errorCode: number | null;
};
type ContactRow = {
  id: string;
  companyId: string;
  customerId: string | null;
  lastInboundAt: Date | null;
};

type AppJobs = NonNullable<NonNullable<Parameters<typeof createTestApp>[0]>["jobs"]>["jobs"];

/**
 * A channel's test app: before the file's tests, a fake Graph API, the app (running those of
 * `jobs`, the app's JOBS, named in `run`: by default the channel's reply job) and the café with
 * its channel saved; after them, both closed. The getters read what beforeAll made; the helpers
 * read the channel's tables through its adapter.
 */
export function channelTestApp<Input extends Record<ChannelSecretName, string>>(
  fixture: ChannelFixture<Input>,
  options: { jobs: AppJobs; run?: readonly string[] },
) {
  const { adapter } = fixture;
  const { tables } = adapter;
  let t: TestApp;
  let graph: Awaited<ReturnType<typeof startFakeGraph>>;
  let companies: { cafe: Company; rival: Company };
  let outCount = 0;
  const kit = channelTestKit<Input>({
    channel: adapter.name,
    credentials: fixture.credentials,
    app: () => t,
  });

  beforeAll(async () => {
    graph = await startFakeGraph((body) => fixture.graphSuccess(body, ++outCount));
    t = await createTestApp({
      graphApiBaseUrl: graph.url,
      jobs: {
        jobs: options.jobs.filter((job) => (options.run ?? [adapter.replyJob]).includes(job.name)),
      },
    });
    companies = await kit.openCompanies();
  });
  afterAll(async () => {
    await t?.close();
    await graph?.close();
  });

  const app = {
    ...kit,
    fixture,
    channel: adapter.name,
    get t() {
      return t;
    },
    get cafe() {
      return companies.cafe;
    },
    get rival() {
      return companies.rival;
    },
    /** Every request the fake Graph API received, oldest first. */
    get requests(): GraphRequest[] {
      return graph.requests;
    },
    /** What the fake Graph API answers next (a queue; empty: success). */
    get nextReplies(): GraphReply[] {
      return graph.replies;
    },
    /** What the app needs to send on the channel from a test (channel-send.ts). */
    deps: () => ({ channelSecretKey: TEST_CHANNEL_SECRET_KEY, graphApiBaseUrl: graph.url }),
    send: channelSender(adapter),

    sentTo: (address: string) => graph.requests.filter((r) => fixture.recipientOf(r) === address),
    textOf: fixture.textOf,

    /** The café's settings row, as stored. */
    cafeChannelRow: async () =>
      (
        (await t.db
          .select()
          .from(tables.channels)
          .where(eq(tables.channels.companyId, companies.cafe.companyId))) as {
          accessTokenEnc: string;
          appSecretEnc: string;
        }[]
      )[0],

    /** The message the platform knows by `id`. */
    messageRow: async (id: string) =>
      (
        (await t.db
          .select()
          .from(tables.messages)
          .where(eq(tables.externalId, id))
          .limit(1)) as MessageRow[]
      )[0],

    /** The café's contact at `address`. */
    contactOf: async (address: string, companyId = companies.cafe.companyId) =>
      (
        (await t.db
          .select()
          .from(tables.contacts)
          .where(and(eq(tables.contacts.companyId, companyId), eq(tables.address, address)))
          .limit(1)) as (ContactRow & Record<string, unknown>)[]
      )[0],

    /** What went out to a contact (one row per attempt). */
    outRows: async (contactId: string) =>
      (await t.db
        .select()
        .from(tables.messages)
        .where(
          and(eq(tables.messages.contactId, contactId), eq(tables.messages.direction, "out")),
        )) as (MessageRow & Record<string, unknown>)[],

    /** A contact of the café who last wrote at `at`, made directly in the table. */
    async contactWroteAt(address: string, at: Date) {
      const [row] = (await t.db
        .insert(tables.contacts)
        .values({
          id: `contact-${address}`,
          companyId: companies.cafe.companyId,
          [columnKey(tables.contacts, tables.address)]: address,
          lastInboundAt: at,
        } as never)
        .returning()) as ContactRow[];
      return { ...row!, address };
    },
  };

  /** Waits until the reply job handled the inbound message `id` (no longer `received`). */
  const handled = (id: string) =>
    waitFor(async () => {
      const row = await app.messageRow(id);
      return row && row.status !== "received" ? row : undefined;
    }, `the reply to ${id}`);

  // Not spread: that would read the getters before beforeAll ran.
  return Object.assign(app, { handled });
}
