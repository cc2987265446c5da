import { describe, expect, it } from "vitest";
import { JOBS } from "../../jobs";
import { answerOf, apiAs, ok } from "../../test/api";
import type { GraphRequest } from "../../test/fake-graph";
import { INSTAGRAM_FIXTURE, instagramInbound } from "./channel-fixtures";
import { channelTestApp, hoursAgo } from "./channel-test-kit";

/**
 * What only Instagram does (issue 20, point 5): the company's own echo in the webhook, and
 * Instagram's 24-hour rule with the 7-day human agent tag for a person only. What every channel
 * does runs for Instagram in channels.test.ts.
 */

const c = channelTestApp(INSTAGRAM_FIXTURE, { jobs: JOBS });

/** A webhook's answer: how many texts it took. */
const received = async (res: Promise<Response>) =>
  answerOf<"/api/instagram/webhook/{companyId}", "post">(await res, 200);

const tagOf = (r: GraphRequest) => r.body.tag;

describe("inbound Instagram texts", () => {
  it("ignores the company's own echo", async () => {
    const message = instagramInbound("900003", "Olá, bom dia!");
    expect(await received(c.webhook(c.cafe, message.payload))).toMatchObject({ received: 1 });
    await c.handled(message.id);
    const echo = instagramInbound("900003", "Resposta da empresa", { echo: true });
    expect(await received(c.webhook(c.cafe, echo.payload))).toEqual({ ok: true, received: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(c.sentTo("900003")).toHaveLength(1);
    expect(await c.messageRow(echo.id)).toBeUndefined();
  });
});

describe("Instagram's 24-hour rule", () => {
  const personReply = (contactId: string, body: string) =>
    ok(
      apiAs(c.t, c.cafe.cookie).POST("/api/assistant/instagram/contacts/{id}/reply", {
        params: { path: { id: contactId } },
        body: { body },
      }),
      200,
    );

  it("lets a person answer within 7 days with the HUMAN_AGENT tag, never the assistant", async () => {
    const late = await c.contactWroteAt("900007", hoursAgo(30));
    expect(await personReply(late.id, "Desculpe a demora!")).toEqual({ status: "sent" });
    expect(c.sentTo("900007")[0]!.body).toMatchObject({
      messaging_type: "MESSAGE_TAG",
      tag: "HUMAN_AGENT",
      message: { text: "Desculpe a demora!" },
    });

    const byAssistant = await c.send(c.t.db, c.deps(), c.cafe.companyId, late.id, "Oi", {
      byPerson: false,
    });
    expect(byAssistant.status).toBe("window_closed");
    expect(c.sentTo("900007")).toHaveLength(1);
  });

  it("sends nothing after 7 days", async () => {
    const gone = await c.contactWroteAt("900008", hoursAgo(8 * 24));
    expect(await personReply(gone.id, "Oi?")).toEqual({ status: "window_closed" });
    expect(c.sentTo("900008")).toHaveLength(0);
    const [row] = await c.outRows(gone.id);
    expect(row).toMatchObject({ status: "window_closed", mid: null });
  });

  it("never tags what the assistant sends", () => {
    expect(c.requests.filter((r) => tagOf(r) !== undefined).map(c.textOf)).toEqual([
      "Desculpe a demora!",
    ]);
  });
});
