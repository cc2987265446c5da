import { describe, expect, it } from "vitest";
import { profiles } from "../auth/profiles.table";
import type { SendAnswer } from "./channel-adapter";
import { channelSecretContext, channelWebhookUrl, columnKey } from "./channel-settings";
import { CHANNEL_ADAPTERS } from "./channels";
import { instagramChannel } from "./instagram.adapter";
import { whatsappChannel } from "./whatsapp.adapter";
import { whatsappContacts, whatsappMessages } from "./whatsapp.table";

/**
 * The channel core's adapters (decision 024) on their own, without a database: how each reads its
 * platform's webhook body, where a contact stands in its window, which refusal means the window
 * closed meanwhile; and the names the core builds from them (queues, paths, secret contexts).
 * The pipelines themselves run through the API in channels.test.ts (one suite for every adapter),
 * and what only one platform does in whatsapp.test.ts and instagram.test.ts.
 */

const now = new Date("2026-03-10T12:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600 * 1000);
const refused = (code: number, subcode: number | null = null): SendAnswer => ({
  ok: false,
  code,
  subcode,
  message: "refused",
});

describe("the registry of channels", () => {
  it("keeps each channel's queue, webhook path and secret context", () => {
    expect(CHANNEL_ADAPTERS.map((a) => [a.name, a.replyJob])).toEqual([
      ["whatsapp", "whatsapp-reply"],
      ["instagram", "instagram-reply"],
    ]);
    expect(channelWebhookUrl("instagram", "https://app.test", "c 1")).toBe(
      "https://app.test/api/instagram/webhook/c%201",
    );
    expect(channelSecretContext("whatsapp", "c1", "access_token")).toBe("whatsapp:c1:access_token");
  });

  it("writes a channel's own columns by their property, and only its table's", () => {
    expect(columnKey(whatsappMessages, whatsappMessages.waMessageId)).toBe("waMessageId");
    expect(columnKey(whatsappContacts, whatsappContacts.phone)).toBe("phone");
    expect(() => columnKey(whatsappContacts, profiles.phone)).toThrow(/not one of/);
  });
});

describe("WhatsApp's adapter", () => {
  const body = (messages: unknown[], phoneNumberId = "111") => ({
    entry: [
      {
        changes: [
          {
            field: "messages",
            value: {
              metadata: { phone_number_id: phoneNumberId },
              contacts: [{ wa_id: "5511987654321", profile: { name: " Bia\u0007 " } }],
              messages,
            },
          },
        ],
      },
    ],
  });
  const text = (id: string, at: Date, type = "text") => ({
    id,
    from: "5511987654321",
    timestamp: String(Math.floor(at.getTime() / 1000)),
    type,
    text: { body: `  oi ${id}\u0000 ` },
  });

  it("reads the texts meant for its phone number, with the profile's name", () => {
    const texts = whatsappChannel.parseWebhook(
      body([text("w1", hoursAgo(1)), text("w2", hoursAgo(1), "image")]),
      "111",
      now,
    );
    expect(texts).toEqual([
      { externalId: "w1", address: "5511987654321", name: "Bia", body: "oi w1", at: hoursAgo(1) },
    ]);
    expect(whatsappChannel.parseWebhook(body([text("w3", now)], "222"), "111", now)).toEqual([]);
    // A date Meta gives more than a week ago (or in the future) is taken as now.
    const [late] = whatsappChannel.parseWebhook(body([text("w4", hoursAgo(24 * 8))]), "111", now);
    expect(late?.at).toEqual(now);
  });

  it("sends free text for 24 hours, then only its template", () => {
    expect(whatsappChannel.window(hoursAgo(23.9), now)).toBe("open");
    expect(whatsappChannel.window(hoursAgo(24), now)).toBe("closed");
    expect(whatsappChannel.window(null, now)).toBe("closed");
    expect(whatsappChannel.closedMeanwhile(refused(131047))).toBe(true);
    expect(whatsappChannel.closedMeanwhile(refused(190))).toBe(false);
    expect(whatsappChannel.closedStatus).toBe("template_required");
  });
});

describe("Instagram's adapter", () => {
  const body = (messaging: unknown[], accountId = "178") => ({
    entry: [{ id: accountId, messaging }],
  });
  const item = (mid: string, sender: string, recipient = "178", echo = false) => ({
    sender: { id: sender },
    recipient: { id: recipient },
    timestamp: hoursAgo(2).getTime(),
    message: { mid, text: ` olá ${mid} `, ...(echo ? { is_echo: true } : {}) },
  });

  it("reads the texts sent to its account, never the account's own echoes", () => {
    const texts = instagramChannel.parseWebhook(
      body([item("m1", "900"), item("m2", "178", "900", true), item("m3", "901", "999")]),
      "178",
      now,
    );
    expect(texts).toEqual([
      { externalId: "m1", address: "900", name: null, body: "olá m1", at: hoursAgo(2) },
    ]);
    expect(instagramChannel.parseWebhook(body([item("m4", "900")], "999"), "178", now)).toEqual([]);
  });

  it("lets any message out for 24 hours, a person's for 7 days, nothing after", () => {
    expect(instagramChannel.window(hoursAgo(23.9), now)).toBe("open");
    expect(instagramChannel.window(hoursAgo(24), now)).toBe("human_agent");
    expect(instagramChannel.window(hoursAgo(24 * 7 - 0.1), now)).toBe("human_agent");
    expect(instagramChannel.window(hoursAgo(24 * 7), now)).toBe("closed");
    expect(instagramChannel.window(null, now)).toBe("closed");
    expect(instagramChannel.closedMeanwhile(refused(10, 2018278))).toBe(true);
    expect(instagramChannel.closedMeanwhile(refused(10, 1))).toBe(false);
    expect(instagramChannel.closedStatus).toBe("window_closed");
    expect(instagramChannel.template).toBeUndefined();
  });
});
