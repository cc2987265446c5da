import type { CustomerCard } from "@shared/cards.schema";
import { SETTINGS_DEFAULTS } from "@shared/settings.schema";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { grantBirthdayGifts } from "../../flows/birthday-gifts";
import { answerOf, apiAs, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import type { Mail, Mailer } from "../mail/mail.service";

/**
 * The birthday rule's daily gift (issue 16, point 4): the rule's stamps and message, in the app and
 * by e-mail, once per member, company and year, for active members of companies whose rule is on.
 */

let t: TestApp;
type Company = { cookie: string; companyId: string };
type Customer = { cookie: string; customerId: string };
let cafe: Company;
let rival: Company;
let closed: Company;

const sent: Mail[] = [];
let failSmtp = false;
const mailer: Mailer = {
  kind: "smtp",
  async send(mail) {
    if (failSmtp) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    // The birthday e-mails (the test app's `mails` keeps every e-mail, confirmations too).
    if (/aniversário|birthday/i.test(mail.subject)) sent.push(mail);
  },
  close() {},
};
const logged: string[] = [];
const logger = {
  info: () => {},
  warn: (line: string) => logged.push(line),
  error: (line: string) => logged.push(line),
};

/** 08:00 in São Paulo (11:00 UTC) of `day`: when the job runs. */
const at = (day: string) => new Date(`${day}T11:00:00Z`);
/** The job's run, then its e-mails out of the outbox (the worker's part). */
const run = async (day: string) => {
  const result = await grantBirthdayGifts({ db: t.db, appUrl: TEST_APP_URL, logger }, at(day));
  await t.deliverQueuedEmails();
  return result;
};

let emails = 0;
async function member(company: Company, name: string, birthDate: string, extra = {}) {
  emails++;
  return t.customerSession({
    name,
    email: `cliente${emails}@example.com`,
    birthDate,
    origin: { empresa_id: company.companyId, origem: "qrcode_empresa" },
    ...extra,
  });
}

/** The customer's card at `company` (the default programme's, the one the gift goes to). */
async function cardAt(customer: Customer, company: Company): Promise<CustomerCard> {
  const cards = await ok(apiAs(t, customer.cookie).GET("/api/me/cards"), 200);
  const card = cards.find((c) => c.companyId === company.companyId && c.status !== "redeemed");
  if (!card) throw new Error("no open card");
  return card;
}

const replies = async (customer: Customer) =>
  ok(apiAs(t, customer.cookie).GET("/api/me/replies"), 200);

const mailsTo = (customerEmail: string) => sent.filter((m) => m.to === customerEmail);

const emailOf = (n: number) => `cliente${n}@example.com`;

beforeAll(async () => {
  t = await createTestApp({ mailer });
  cafe = await t.companySession({ companyName: "Café do Ponto", email: "cafe@example.com" });
  rival = await t.companySession({ companyName: "Rival", email: "rival@example.com" });
  closed = await t.companySession({ companyName: "Sem Presente", email: "off@example.com" });
  // Stamps here are not about the counter's interval and daily cap: off.
  await setCounterRules(t, cafe.cookie);
  await setCounterRules(t, rival.cookie);
  await setCounterRules(t, closed.cookie);
  // The café: cards of 5 stamps and a birthday message; the other one: the rule off.
  const [program] = await ok(apiAs(t, cafe.cookie).GET("/api/programs"), 200);
  await answerOf<"/api/programs/{id}", "put">(
    await t.request(`/api/programs/${program!.id}`, {
      method: "PUT",
      cookie: cafe.cookie,
      body: { name: program!.name, stampsRequired: 5, reward: "Um café", description: "" },
    }),
    200,
  );
  const rules = SETTINGS_DEFAULTS.loyaltyRules;
  await answerOf<"/api/settings/loyalty-rules", "put">(
    await t.request("/api/settings/loyalty-rules", {
      method: "PUT",
      cookie: cafe.cookie,
      body: { ...rules, birthday: { ...rules.birthday, message: "Parabéns! Passe aqui." } },
    }),
    200,
  );
  await answerOf<"/api/settings/loyalty-rules", "put">(
    await t.request("/api/settings/loyalty-rules", {
      method: "PUT",
      cookie: closed.cookie,
      body: { ...rules, birthday: { ...rules.birthday, enabled: false } },
    }),
    200,
  );
});
afterAll(async () => {
  await t?.close();
});

describe("the birthday gift", () => {
  let ana: Customer;
  let anaEmail: string;
  let rivalAna: Customer;

  it("gives today's active members the rule's stamps, an in-app notice and an e-mail, once", async () => {
    ana = await member(cafe, "Ana Souza", "1990-05-17");
    anaEmail = emailOf(emails);
    const bruno = await member(cafe, "Bruno Lima", "1990-05-18");
    const noBirthday = await member(cafe, "Sem Data", "");
    const inactive = await member(cafe, "Ina Tiva", "1985-05-17");
    await answerOf<"/api/customers/{id}/status", "post">(
      await t.request(`/api/customers/${inactive.customerId}/status`, {
        cookie: cafe.cookie,
        body: { status: "inactive" },
      }),
      200,
    );
    const off = await member(closed, "Olga Off", "1980-05-17");
    // Ana at the rival too: each company gives its own gift.
    rivalAna = await t.customerSession({
      name: "Rita Rival",
      email: "rita@example.com",
      birthDate: "1991-05-17",
      origin: { empresa_id: rival.companyId, origem: "qrcode_empresa" },
    });

    expect(await run("2026-05-17")).toEqual({ companies: 2, gifted: 2, skipped: 0 });

    expect(await cardAt(ana, cafe)).toMatchObject({ stamps: 3, maxStamps: 5, status: "active" });
    expect(await cardAt(rivalAna, rival)).toMatchObject({ stamps: 3 });
    for (const nobody of [bruno, noBirthday, inactive]) {
      expect((await cardAt(nobody, cafe)).stamps).toBe(0);
      expect(await replies(nobody)).toEqual([]);
    }
    expect((await cardAt(off, closed)).stamps).toBe(0);
    expect(sent.map((m) => m.to).sort()).toEqual([anaEmail, "rita@example.com"].sort());

    // The e-mail, in pt-BR (no language chosen): the stamps, the company's message, the card.
    const [mail] = mailsTo(anaEmail);
    expect(mail!.subject).toBe("Feliz aniversário! Você ganhou 3 carimbos de Café do Ponto");
    expect(mail!.text).toContain("Parabéns! Passe aqui.");
    expect(mail!.text).toContain(
      `${TEST_APP_URL}/dashboard-cliente-cartao-fidelidade/${cafe.companyId}`,
    );
    // In the app: a notice from the company where the customer reads what companies sent.
    expect(await replies(ana)).toEqual([
      expect.objectContaining({
        kind: "notice",
        companyId: cafe.companyId,
        companyName: "Café do Ponto",
        subject: "Feliz aniversário! Você ganhou 3 carimbos de Café do Ponto",
        body: "Parabéns! Passe aqui.",
        original: "",
      }),
    ]);
    // Without a message of its own, the notice says what the gift is.
    expect((await replies(rivalAna))[0]?.body).toBe(
      "Feliz aniversário! Rival deu a você 3 carimbos de presente no seu cartão fidelidade.",
    );
    // The stamp is a real one, of method 'birthday', in the card's history.
    const card = await answerOf<"/api/cards/{id}", "get">(
      await t.request(`/api/cards/${(await cardAt(ana, cafe)).id}`, { cookie: cafe.cookie }),
      200,
    );
    expect(card.history).toEqual([
      expect.objectContaining({ method: "birthday", count: 3, status: "approved" }),
    ]);
  });

  it("gives nothing the second time the same day or year: 0 stamps, 0 e-mails", async () => {
    const before = sent.length;
    expect(await run("2026-05-17")).toEqual({ companies: 2, gifted: 0, skipped: 2 });
    expect(sent.length).toBe(before);
    expect((await cardAt(ana, cafe)).stamps).toBe(3);
    expect(await replies(ana)).toHaveLength(1);
  });

  it("runs twice at once: one gift (the unique key decides, not a lock)", async () => {
    const carla = await member(cafe, "Carla Dias", "1992-06-01");
    const before = sent.length;
    const [a, b] = await Promise.all([run("2026-06-01"), run("2026-06-01")]);
    expect(a.gifted + b.gifted).toBe(1);
    expect((await cardAt(carla, cafe)).stamps).toBe(3);
    expect(sent.length).toBe(before + 1);
    expect(await replies(carla)).toHaveLength(1);
  });

  it("completes the card like any stamp (never past its maximum)", async () => {
    const dora = await member(cafe, "Dora Reis", "1993-06-02");
    for (const _ of [1, 2, 3]) {
      await answerOf<"/api/customers/{id}/stamps", "post">(
        await t.request(`/api/customers/${dora.customerId}/stamps`, {
          cookie: cafe.cookie,
          body: { method: "purchase" },
        }),
        201,
      );
    }
    expect(await run("2026-06-02")).toMatchObject({ gifted: 1 });
    expect(await cardAt(dora, cafe)).toMatchObject({ stamps: 5, status: "complete" });
    expect(mailsTo(emailOf(emails)).at(-1)!.subject).toBe(
      "Feliz aniversário! Você ganhou 2 carimbos de Café do Ponto",
    );
  });

  it("skips a member whose card is complete and waiting for its reward", async () => {
    const dora = sent.length;
    // Dora's card is complete (the test above); her birthday again the next year.
    expect(await run("2027-06-02")).toEqual({ companies: 1, gifted: 0, skipped: 1 });
    expect(sent.length).toBe(dora);
    expect(logged.at(-1)).toContain("card_complete");
  });

  it("uses the company's own record of the member's birthday before the profile's", async () => {
    const eva = await member(cafe, "Eva Lopes", "1990-07-01");
    await answerOf<"/api/customers/{id}/record", "post">(
      await t.request(`/api/customers/${eva.customerId}/record`, {
        cookie: cafe.cookie,
        body: { phone: "", birthDate: "1990-07-02", city: "", state: "", notes: "" },
      }),
      200,
    );
    expect(await run("2026-07-01")).toMatchObject({ gifted: 0 });
    expect(await run("2026-07-02")).toMatchObject({ gifted: 1 });
    expect((await cardAt(eva, cafe)).stamps).toBe(3);
  });

  it("writes in English to a customer who chose English", async () => {
    const fred = await member(cafe, "Fred Stone", "1990-08-01");
    await answerOf<"/api/me/appearance", "put">(
      await t.request("/api/me/appearance", {
        method: "PUT",
        cookie: fred.cookie,
        body: { theme: "light", language: "en" },
      }),
      200,
    );
    await run("2026-08-01");
    const [mail] = mailsTo(emailOf(emails));
    expect(mail!.subject).toBe("Happy birthday! You got 3 stamps from Café do Ponto");
    expect(mail!.html).toContain('lang="en"');
    expect((await replies(fred))[0]?.subject).toBe(mail!.subject);
  });

  it("keeps the gift when the e-mail fails, and sends the e-mail once SMTP is back", async () => {
    const gil = await member(cafe, "Gil Souto", "1990-08-02");
    const gilEmail = emailOf(emails);
    failSmtp = true;
    try {
      expect(await run("2026-08-02")).toMatchObject({ gifted: 1 });
    } finally {
      failSmtp = false;
    }
    expect((await cardAt(gil, cafe)).stamps).toBe(3);
    expect(mailsTo(gilEmail)).toEqual([]);
    expect(await run("2026-08-02")).toMatchObject({ gifted: 0 });
    // The outbox retries the failed send (5 to 10 s later) and it goes out, once.
    await vi.waitFor(() => expect(mailsTo(gilEmail)).toHaveLength(1), {
      timeout: 20_000,
      interval: 200,
    });
  });
});

describe("the company's backup", () => {
  it("holds its birthday gifts and the notices' subjects", async () => {
    const res = await t.request("/api/settings/backup", { cookie: cafe.cookie });
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const rows = (name: string) =>
      JSON.parse(strFromU8(zip[`${name}.json`]!)) as Record<string, unknown>[];
    expect(rows("presentes-aniversario").length).toBeGreaterThan(0);
    expect(rows("presentes-aniversario")[0]).toMatchObject({ year: 2026, stamps: 3 });
    expect(rows("mensagens")).toContainEqual(
      expect.objectContaining({
        sender: "company",
        subject: "Feliz aniversário! Você ganhou 3 carimbos de Café do Ponto",
      }),
    );
  });
});

describe("the method 'birthday'", () => {
  it("is the job's: staff cannot pick it, customers cannot claim it", async () => {
    const hugo = await member(cafe, "Hugo Alves", "1990-09-01");
    const staff = await t.request(`/api/customers/${hugo.customerId}/stamps`, {
      cookie: cafe.cookie,
      body: { method: "birthday" },
    });
    expect(staff.status).toBe(400);
    const claim = await t.request(`/api/me/cards/${(await cardAt(hugo, cafe)).id}/claims`, {
      cookie: hugo.cookie,
      body: { method: "birthday" },
    });
    expect(claim.status).toBe(400);
    expect((await cardAt(hugo, cafe)).stamps).toBe(0);
  });
});

describe("29 February", () => {
  let leap: Customer;
  let leapEmail: string;
  let feb28: Customer;

  beforeAll(async () => {
    leap = await member(cafe, "Bissexto Silva", "2000-02-29");
    leapEmail = emailOf(emails);
    feb28 = await member(cafe, "Vinte Oito", "2001-02-28");
  });

  it("counts on 28 February in a year without one", async () => {
    expect(await run("2027-02-27")).toMatchObject({ gifted: 0 });
    expect(await run("2027-02-28")).toMatchObject({ gifted: 2 });
    expect((await cardAt(leap, cafe)).stamps).toBe(3);
    expect((await cardAt(feb28, cafe)).stamps).toBe(3);
    expect(await run("2027-03-01")).toMatchObject({ gifted: 0 });
    expect((await cardAt(leap, cafe)).stamps).toBe(3);
  });

  it("counts on 29 February itself in a leap year, once", async () => {
    expect(await run("2028-02-28")).toMatchObject({ gifted: 1 });
    expect((await cardAt(leap, cafe)).stamps).toBe(3);
    expect((await cardAt(feb28, cafe)).stamps).toBe(5);
    const before = mailsTo(leapEmail).length;
    expect(await run("2028-02-29")).toMatchObject({ gifted: 1 });
    expect(await run("2028-02-29")).toMatchObject({ gifted: 0 });
    expect(await run("2028-03-01")).toMatchObject({ gifted: 0 });
    expect((await cardAt(leap, cafe)).stamps).toBe(5);
    expect(mailsTo(leapEmail).length).toBe(before + 1);
  });
});
