import { COUNTER_CODE_ALPHABET, formatShortCode } from "@shared/counter";
import type { CounterCustomer } from "@shared/counter.schema";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signStepToken } from "../../lib/step-token";
import { apiAs, errorBody, ok } from "../../test/api";
import { createTestApp, TEST_AUTH_SECRET, type TestApp } from "../../test/test-app";

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let rival: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };
let bia: { cookie: string; customerId: string };
let attendant: { cookie: string; userId: string };
let rivalAttendant: { cookie: string; userId: string };
let anaCode: string;

const counterCode = async (cookie = ana.cookie) =>
  ok(apiAs(t, cookie).GET("/api/me/counter-code"), 200);

const lookup = (code: string, cookie = attendant.cookie) =>
  t.request("/api/counter/lookup", { cookie, body: { code } });

const found = async (code: string, cookie = attendant.cookie) => {
  const res = await lookup(code, cookie);
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return JSON.parse(body) as CounterCustomer;
};

const search = async (term: string, cookie = attendant.cookie) =>
  ok(apiAs(t, cookie).GET("/api/counter/customers", { params: { query: { search: term } } }), 200);

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café do Balcão", email: "dono@balcao.com" });
  rival = await t.companySession({ companyName: "Café Rival", email: "dono@rival.com" });
  ana = await t.customerSession({
    name: "Ana Paula Souza",
    email: "anapaula@example.com",
    phone: "(11) 98888-7777",
    origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
  });
  // A member of the rival only.
  bia = await t.customerSession({
    name: "Bia Rival",
    email: "bia@example.com",
    origin: { empresa_id: rival.companyId, origem: "qrcode_empresa" },
  });
  attendant = await t.staffSession(cafe.companyId, "attendant", { name: "Carla Atendente" });
  rivalAttendant = await t.staffSession(rival.companyId, "attendant", { name: "Rui" });
  anaCode = (await counterCode()).shortCode;
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("'Mostrar no balcão': the customer's code", () => {
  it("is a short code of 6 characters without look-alikes, the same on every visit, with a QR payload and its refresh time", async () => {
    expect(anaCode).toMatch(new RegExp(`^[${COUNTER_CODE_ALPHABET}]{6}$`));
    const again = await counterCode();
    expect(again.shortCode).toBe(anaCode);
    expect(again.qr.startsWith(`${anaCode}.`)).toBe(true);
    const refreshIn = Date.parse(again.refreshAt) - Date.now();
    expect(refreshIn).toBeGreaterThan(0);
    expect(refreshIn).toBeLessThanOrEqual(30_000);
  });

  it("differs between customers", async () => {
    expect((await counterCode(bia.cookie)).shortCode).not.toBe(anaCode);
  });

  it("is for customers only", async () => {
    expect(
      (await errorBody(await t.request("/api/me/counter-code", { cookie: cafe.cookie }), 403)).error
        .code,
    ).toBe("forbidden");
    expect((await errorBody(await t.request("/api/me/counter-code"), 401)).error.code).toBe(
      "unauthenticated",
    );
  });
});

describe("the QR code's time window (30-second steps)", () => {
  /** The middle of a 30-second step, shortly after now (the steps are those of the real clock). */
  const midStep = () => (Math.floor(Date.now() / 30_000) + 1) * 30_000 + 15_000;

  it("finds the customer during the current and the previous step, and refuses it after", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const shownAt = midStep();
    vi.setSystemTime(shownAt);
    const { qr } = await counterCode();

    const now = await found(qr);
    expect(now).toMatchObject({ id: ana.customerId, name: "Ana Paula Souza" });

    // The next step: the code on the screen changed, the one scanned a moment ago still works.
    vi.setSystemTime(shownAt + 30_000);
    expect((await found(qr)).id).toBe(ana.customerId);

    // Two steps later (a screenshot a minute old): 'Código expirado'.
    vi.setSystemTime(shownAt + 60_000);
    const expired = await errorBody(await lookup(qr), 410);
    expect(expired.error.code).toBe("counter_code_expired");
    expect(JSON.stringify(expired)).not.toContain("Ana");
  });

  it("refuses a forged code, one signed for another purpose or with another key", async () => {
    const { qr } = await counterCode();
    const [code, step, mac] = qr.split(".") as [string, string, string];
    const flipped = `${mac[0] === "A" ? "B" : "A"}${mac.slice(1)}`;
    for (const forged of [
      `${code}.${step}.${flipped}`,
      signStepToken(TEST_AUTH_SECRET, "self-stamp", code),
      signStepToken("another-secret-another-secret-another", "customer-code", code),
      // Another customer's short code under Ana's signature.
      `${(await counterCode(bia.cookie)).shortCode}.${step}.${mac}`,
    ]) {
      const body = await errorBody(await lookup(forged), 400);
      expect(body.error.code, forged).toBe("counter_code_expired");
    }
  });

  it("refuses a code signed for a step still to come", async () => {
    const future = signStepToken(
      TEST_AUTH_SECRET,
      "customer-code",
      anaCode,
      Math.floor(Date.now() / 30_000) + 2,
    );
    expect((await errorBody(await lookup(future), 400)).error.code).toBe("counter_code_expired");
  });
});

describe("the short code typed at the counter", () => {
  it("finds the customer however it is written", async () => {
    const shown = formatShortCode(anaCode);
    expect(shown).toMatch(/^.{3}-.{3}$/);
    for (const typed of [
      shown,
      anaCode,
      anaCode.toLowerCase(),
      shown.toLowerCase(),
      ` ${anaCode.slice(0, 3)} ${anaCode.slice(3)} `,
    ]) {
      expect((await found(typed)).id, typed).toBe(ana.customerId);
    }
  });

  it("answers the customer's name, masked phone and open card, never the e-mail or the full phone", async () => {
    const res = await lookup(anaCode);
    const text = await res.text();
    expect(res.status).toBe(200);
    const customer = JSON.parse(text) as CounterCustomer;
    expect(customer).toMatchObject({
      id: ana.customerId,
      name: "Ana Paula Souza",
      maskedPhone: "(11) •••••-7777",
    });
    expect(customer.cards).toHaveLength(1);
    expect(customer.cards[0]).toMatchObject({ stamps: 0, maxStamps: 10, status: "active" });
    expect(text).not.toContain("anapaula@example.com");
    expect(text).not.toContain("98888");
  });

  it("answers another company's customer with 'customer_not_member' and nothing else", async () => {
    // Bia is the rival's member: the café's attendant gets nothing of her, by code or QR code.
    const biaCode = await counterCode(bia.cookie);
    for (const code of [biaCode.shortCode, biaCode.qr]) {
      const body = await errorBody(await lookup(code), 404);
      expect(body.error.code).toBe("customer_not_member");
      expect(Object.keys(body)).toEqual(["error"]);
      expect(JSON.stringify(body)).not.toContain("Bia");
    }
    // And the rival's attendant gets nothing of Ana.
    const body = await errorBody(await lookup(anaCode, rivalAttendant.cookie), 404);
    expect(body.error.code).toBe("customer_not_member");
    expect(JSON.stringify(body)).not.toContain("Ana");
  });

  it("answers 'customer_not_member' for a code nobody has, and for something that is no code", async () => {
    const unused = anaCode === "ZZZZZZ" ? "YYYYYY" : "ZZZZZZ";
    for (const code of [unused, "ABC", "1234567890", "https://carimbou.com.br/x.y"]) {
      expect((await errorBody(await lookup(code), 404)).error.code, code).toBe(
        "customer_not_member",
      );
    }
  });

  it("answers 'customer_not_member' once the customer is inactive at the company", async () => {
    const carlos = await t.customerSession({
      name: "Carlos Inativo",
      email: "carlos@example.com",
      origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
    });
    const { shortCode } = await counterCode(carlos.cookie);
    expect((await found(shortCode)).name).toBe("Carlos Inativo");
    await ok(
      apiAs(t, cafe.cookie).POST("/api/customers/{id}/status", {
        params: { path: { id: carlos.customerId } },
        body: { status: "inactive" },
      }),
      200,
    );
    expect((await errorBody(await lookup(shortCode), 404)).error.code).toBe("customer_not_member");
    expect(await search("Carlos")).toEqual([]);
  });
});

describe("who may use the counter", () => {
  it("an attendant, a manager and the owner; not a customer, nor anyone signed out", async () => {
    const manager = await t.staffSession(cafe.companyId, "manager");
    for (const cookie of [attendant.cookie, manager.cookie, cafe.cookie]) {
      expect((await found(anaCode, cookie)).id).toBe(ana.customerId);
      expect(await search("Ana", cookie)).toHaveLength(1);
    }
    expect((await errorBody(await lookup(anaCode, ana.cookie), 403)).error.code).toBe("forbidden");
    expect(
      (
        await errorBody(
          await t.request("/api/counter/customers?search=Ana", { cookie: ana.cookie }),
          403,
        )
      ).error.code,
    ).toBe("forbidden");
    expect((await errorBody(await lookup(anaCode, ""), 401)).error.code).toBe("unauthenticated");
  });
});

describe("the counter's search", () => {
  it("finds members by name (accents and case ignored) or phone, with the phone masked", async () => {
    for (const term of ["ana paula", "SOUZA", "Âna", "98888", "(11) 98888-7777", "7777"]) {
      const matches = await search(term);
      expect(matches, term).toHaveLength(1);
      expect(matches[0]).toMatchObject({
        id: ana.customerId,
        name: "Ana Paula Souza",
        maskedPhone: "(11) •••••-7777",
      });
      expect(JSON.stringify(matches)).not.toContain("98888-7777");
      expect(JSON.stringify(matches)).not.toContain("@");
    }
  });

  it("does not search e-mails, nor another company's members", async () => {
    expect(await search("anapaula@")).toEqual([]);
    expect(await search("example.com")).toEqual([]);
    expect(await search("Bia")).toEqual([]);
    expect(await search("Ana", rivalAttendant.cookie)).toEqual([]);
  });

  it("asks for two characters at least", async () => {
    const res = await t.request("/api/counter/customers?search=a", { cookie: attendant.cookie });
    expect((await errorBody(res, 400)).error.code).toBe("validation_failed");
  });
});

describe("a stamp at the counter", () => {
  it("shows in the card's history with who gave it, and the customer's open cards change version", async () => {
    const before = await ok(apiAs(t, ana.cookie).GET("/api/me/cards/version"), 200);
    expect(await ok(apiAs(t, ana.cookie).GET("/api/me/cards/version"), 200)).toEqual(before);

    const customer = await found(anaCode);
    const card = customer.cards[0]!;
    await ok(
      apiAs(t, attendant.cookie).POST("/api/cards/{id}/stamps", {
        params: { path: { id: card.id } },
        body: { method: "purchase", notes: "", quantity: 1 },
        headers: { "Idempotency-Key": crypto.randomUUID() },
      }),
      201,
    );
    const after = await ok(
      apiAs(t, attendant.cookie).GET("/api/counter/customers/{id}", {
        params: { path: { id: ana.customerId } },
      }),
      200,
    );
    expect(after.cards[0]).toMatchObject({ id: card.id, stamps: 1 });
    expect(after.cards[0]!.history[0]).toMatchObject({
      method: "purchase",
      count: 1,
      givenByName: "Carla Atendente",
    });

    const changed = await ok(apiAs(t, ana.cookie).GET("/api/me/cards/version"), 200);
    expect(changed.version).not.toBe(before.version);
  });

  it("shows another company's customer by id as 'customer_not_member'", async () => {
    const res = await t.request(`/api/counter/customers/${bia.customerId}`, {
      cookie: attendant.cookie,
    });
    expect((await errorBody(res, 404)).error.code).toBe("customer_not_member");
  });
});

describe("the stamp form's rules", () => {
  it("are readable by an attendant (stamps by value off by default)", async () => {
    expect(await ok(apiAs(t, attendant.cookie).GET("/api/counter/rules"), 200)).toEqual({
      purchaseStamps: 1,
      stampValueCents: null,
      maxStampsPerPurchase: null,
    });
  });
});

describe("what an attendant's stamp answers", () => {
  it("is the card without the customer's e-mail and with the phone masked; the owner sees both", async () => {
    const caio = await t.customerSession({
      name: "Caio Contato",
      email: "caio@example.com",
      phone: "(11) 97777-1234",
      origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
    });
    const stamped = await t.request(`/api/customers/${caio.customerId}/stamps`, {
      cookie: attendant.cookie,
      body: { method: "purchase" },
    });
    expect(stamped.status).toBe(201);
    const card = (await stamped.json()) as {
      id: string;
      customerEmail: string | null;
      customerPhone: string | null;
    };
    expect(card.customerEmail).toBeNull();
    expect(card.customerPhone).toBe("(11) •••••-1234");
    const seen = await ok(
      apiAs(t, attendant.cookie).GET("/api/cards/{id}", { params: { path: { id: card.id } } }),
      200,
    );
    expect([seen.customerEmail, seen.customerPhone]).toEqual([null, "(11) •••••-1234"]);
    const owner = await ok(
      apiAs(t, cafe.cookie).GET("/api/cards/{id}", { params: { path: { id: card.id } } }),
      200,
    );
    expect([owner.customerEmail, owner.customerPhone]).toEqual([
      "caio@example.com",
      "(11) 97777-1234",
    ]);
  });
});

describe("the look-up limit", () => {
  it("allows 60 look-ups a minute per member, found or not, then answers 429", async () => {
    const busy = await t.staffSession(cafe.companyId, "attendant", { name: "Dani" });
    for (let i = 0; i < 60; i++) {
      const res = await lookup(i % 2 ? anaCode : "ZZZ-ZZ2", busy.cookie);
      expect(res.status, `look-up ${i + 1}`).not.toBe(429);
    }
    const refused = await errorBody(await lookup(anaCode, busy.cookie), 429);
    expect(refused.error.code).toBe("rate_limited");
    // Another member of the same team is not held up.
    expect((await found(anaCode)).id).toBe(ana.customerId);
  });
});
