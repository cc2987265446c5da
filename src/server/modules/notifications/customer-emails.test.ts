import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { profiles } from "../auth/profiles.table";

/**
 * What a company does that the customer learns outside the app (issue 29): its answer, a card
 * complete, a refused stamp, each by e-mail through the outbox, in the customer's language, under
 * the customer's own switches ('Avisos por e-mail').
 */
let t: TestApp;
let cafe: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string; email: string };
let bia: { cookie: string; customerId: string; email: string };

const mailsTo = (email: string) => t.mails.filter((m) => m.to === email);

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@notice.com" });
  // Stamps here are not about the counter's interval and daily cap: off.
  await setCounterRules(t, cafe.cookie);
  ana = {
    ...(await t.customerSession({
      name: "Ana Souza",
      email: "ana@notice.com",
      origin: { empresa_id: cafe.companyId },
    })),
    email: "ana@notice.com",
  };
  bia = {
    ...(await t.customerSession({
      name: "Bia Lima",
      email: "bia@notice.com",
      origin: { empresa_id: cafe.companyId },
    })),
    email: "bia@notice.com",
  };
  await t.db.update(profiles).set({ language: "en" }).where(eq(profiles.id, bia.customerId));
});
afterAll(async () => {
  await t?.close();
});

/** The customer writes; the company answers; the answer's id. */
async function answered(customer: { cookie: string }, text: string) {
  const sent = await ok(
    apiAs(t, customer.cookie).POST("/api/me/messages", {
      body: { companyId: cafe.companyId, body: "Vocês abrem no feriado?" },
    }),
    201,
  );
  return ok(
    apiAs(t, cafe.cookie).POST("/api/messages/{id}/reply", {
      params: { path: { id: sent.id } },
      body: { body: text },
    }),
    201,
  );
}

describe("a company's answer", () => {
  it("is e-mailed to the customer with the company's words and a link to the app", async () => {
    t.mails.length = 0;
    await answered(ana, "Abrimos sim, das 8h às 12h.");
    const [mail] = mailsTo(ana.email);
    expect(mail?.subject).toBe("Café Aurora respondeu sua mensagem");
    expect(mail?.text).toContain("Olá, Ana Souza!");
    expect(mail?.text).toContain("Abrimos sim, das 8h às 12h.");
    expect(mail?.text).toContain(
      `${TEST_APP_URL}/dashboard-cliente-cartao-fidelidade/${cafe.companyId}`,
    );
  });

  it("is in the customer's language", async () => {
    t.mails.length = 0;
    await answered(bia, "Yes, 8 to 12.");
    expect(mailsTo(bia.email).map((m) => m.subject)).toEqual(["Café Aurora answered your message"]);
  });

  it("is not e-mailed once the customer turned the switch off (the answer still arrives)", async () => {
    const me = apiAs(t, ana.cookie);
    expect(await ok(me.GET("/api/me/email-settings"))).toEqual({
      replies: true,
      completedCards: true,
      refusedClaims: true,
    });
    const saved = await ok(
      me.PUT("/api/me/email-settings", {
        body: { replies: false, completedCards: true, refusedClaims: true },
      }),
    );
    expect(saved.replies).toBe(false);
    t.mails.length = 0;
    await answered(ana, "Sim!");
    expect(mailsTo(ana.email)).toEqual([]);
    await ok(
      me.PUT("/api/me/email-settings", {
        body: { replies: true, completedCards: true, refusedClaims: true },
      }),
    );
  });

  it("switches are the customer's own: a company account has none", async () => {
    const res = await t.request("/api/me/email-settings", { cookie: cafe.cookie });
    expect(res.status).toBe(403);
  });
});

describe("a complete card", () => {
  it("is e-mailed when the stamp that completes it is given, with the reward", async () => {
    const card = await ok(apiAs(t, ana.cookie).GET("/api/me/cards"));
    const left = card[0]!.maxStamps - card[0]!.stamps;
    t.mails.length = 0;
    for (let i = 0; i < left; i++) {
      await ok(
        apiAs(t, cafe.cookie).POST("/api/customers/{id}/stamps", {
          params: { path: { id: ana.customerId } },
          body: { method: "purchase" },
        }),
        201,
      );
      // Nothing before the last stamp.
      if (i < left - 1) expect(mailsTo(ana.email)).toEqual([]);
    }
    const mails = mailsTo(ana.email);
    expect(mails.map((m) => m.subject)).toEqual(["Seu cartão de Café Aurora está completo!"]);
    expect(mails[0]?.text).toContain("Recompensa: Recompensa da casa");
  });
});

describe("a refused stamp request", () => {
  it("is e-mailed with the company's reason, unless the customer turned it off", async () => {
    const [card] = await ok(apiAs(t, bia.cookie).GET("/api/me/cards"));
    const claim = async () =>
      (
        await ok(
          apiAs(t, bia.cookie).POST("/api/me/cards/{id}/claims", {
            params: { path: { id: card!.id } },
            body: {
              method: "social",
              network: "instagram",
              link: "https://instagram.com/p/abc",
            },
          }),
          201,
        )
      ).id;
    const refuse = (id: string) =>
      ok(
        apiAs(t, cafe.cookie).POST("/api/claims/{id}/reject", {
          params: { path: { id } },
          body: { reason: "A publicação não marca a loja." },
        }),
      );
    t.mails.length = 0;
    await refuse(await claim());
    const [mail] = mailsTo(bia.email);
    expect(mail?.subject).toBe("Café Aurora refused your stamp request");
    expect(mail?.text).toContain("A publicação não marca a loja.");

    await ok(
      apiAs(t, bia.cookie).PUT("/api/me/email-settings", {
        body: { replies: true, completedCards: true, refusedClaims: false },
      }),
    );
    t.mails.length = 0;
    await refuse(await claim());
    expect(mailsTo(bia.email)).toEqual([]);
  });
});
