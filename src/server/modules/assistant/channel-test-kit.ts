/**
 * What the channels' API tests share (whatsapp.test.ts, instagram.test.ts; decision 024): a café
 * whose channel is saved and whose assistant is on, a rival company, the channel's settings
 * request, and Meta's signed webhook. Used by tests only.
 */
import { ASSISTANT_DEFAULTS, type AssistantSettings } from "@shared/assistant.schema";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { metaSignature } from "../../test/fake-graph";
import { json } from "../../test/http";
import type { TestApp } from "../../test/test-app";
import { assistantFeedback } from "./assistant.table";
import type { ChannelName } from "./channel-adapter";
import type { ChannelSecretField, ChannelSecretName } from "./channel-secrets";
import { channelSecretContext } from "./channel-settings";

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
      await json(await saveChannel(cafe, credentials), 200);
      await json(await assistantOn(cafe, true), 200);
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
