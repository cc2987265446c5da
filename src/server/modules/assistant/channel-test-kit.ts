/**
 * What the channels' API tests share (decision 024): a café whose channel is saved and whose
 * assistant is on, a rival company, the channel's settings request, and the platform's signed
 * webhook (`channelTestKit`); and a channel's test app over its fixture (`channelTestApp`; the
 * fixtures are in channel-fixtures.ts). Used by tests only.
 */
import { ASSISTANT_DEFAULTS, type AssistantSettings } from "@shared/assistant.schema";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { answerOf } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import {
  type GraphReply,
  type GraphRequest,
  metaSignature,
  startFakeGraph,
  waitFor,
} from "../../test/fake-graph";
import { createTestApp, TEST_CHANNEL_SECRET_KEY, type TestApp } from "../../test/test-app";
import { assistantFeedback } from "./assistant.table";
import type { ChannelName } from "./channel-adapter";
import type { ChannelFixture } from "./channel-fixtures";
import type { ChannelSecretField, ChannelSecretName } from "./channel-secrets";
import { channelSender } from "./channel-send";
import { channelSecretContext, columnKey } from "./channel-settings";
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
      // Stamps here are not about the counter's interval and daily cap: off.
      await setCounterRules(t, cafe.cookie);
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
