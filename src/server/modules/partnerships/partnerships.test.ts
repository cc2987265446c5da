import {
  type MarketplacePage,
  PARTNER_MESSAGES_PER_HOUR,
  type PartnerMessage,
  partnershipLinkPath,
} from "@shared/partnerships.schema";
import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { connectPostgres } from "../../db/client";
import { answerOf, errorBody } from "../../test/api";
import { errorCode } from "../../test/http";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { testEnv } from "../../test/test-env";
import { companies } from "../companies/companies.table";
import { memberships } from "../customers/memberships.table";
import { runNotificationDigests } from "../notifications/digest.job";
import { partnerships } from "./partnerships.table";

/**
 * Partnerships (issue 18): settings, the marketplace, requests and answers (nova → lida →
 * respondida), one open partnership per pair, the daily limit, the chat and its polling, ending,
 * third-company isolation, the partnership origin of customers, the bell, the digest, the backup,
 * and the chat across two app servers on one PostgreSQL database.
 */

let t: TestApp;
type Company = { cookie: string; companyId: string; email: string; name: string };
let cafe: Company; // São Paulo, alimentação
let padaria: Company; // São Paulo, alimentação
let salao: Company; // Rio de Janeiro, beleza
let loja: Company; // Campinas, comércio → varejo
let oficina: Company; // Belo Horizonte, automotivo → outros
let fechada: Company; // São Paulo, switch off

const api = (
  who: { cookie: string } | null,
  path: string,
  init: { method?: string; body?: unknown } = {},
) => t.request(path, { ...init, cookie: who?.cookie });

let n = 0;
async function company(name: string, city: string, state: string, sector: string) {
  n++;
  const email = `dono${n}@parcerias.com.br`;
  const session = await t.companySession({ companyName: name, email, city, state, sector });
  return { ...session, email, name };
}

const enable = (c: Company, description: string | null = `Ofertas da ${c.name}`) =>
  api(c, "/api/partnerships/settings", { method: "PUT", body: { enabled: true, description } });

const request = (from: Company, to: Company, proposal = `Proposta de ${from.name}`) =>
  api(from, "/api/partnerships", { body: { companyId: to.companyId, proposal } });

const view = async (who: Company, id: string) =>
  answerOf<"/api/partnerships/{id}", "get">(await api(who, `/api/partnerships/${id}`), 200);

const list = async (who: Company, state = "all") =>
  (
    await answerOf<"/api/partnerships", "get">(
      await api(who, `/api/partnerships?state=${state}`),
      200,
    )
  ).partnerships;

const overview = async (who: Company) =>
  answerOf<"/api/partnerships/settings", "get">(await api(who, "/api/partnerships/settings"), 200);

const market = async (who: Company, query = "") =>
  answerOf<"/api/partnerships/marketplace", "get">(
    await api(who, `/api/partnerships/marketplace${query}`),
    200,
  );

const answer = (who: Company, id: string, accept: boolean) =>
  api(who, `/api/partnerships/${id}/answer`, { body: { accept } });

const say = (who: Company, id: string, body: string) =>
  api(who, `/api/partnerships/${id}/messages`, { body: { body } });

const thread = async (who: Company, id: string, after?: string) =>
  answerOf<"/api/partnerships/{id}/messages", "get">(
    await api(who, `/api/partnerships/${id}/messages${after ? `?after=${after}` : ""}`),
    200,
  );

beforeAll(async () => {
  t = await createTestApp();
  cafe = await company("Café Aurora", "São Paulo", "SP", "alimentacao");
  padaria = await company("Padaria Beira", "São Paulo", "SP", "alimentacao");
  salao = await company("Salão Centro", "Rio de Janeiro", "RJ", "beleza");
  loja = await company("Loja Delta", "Campinas", "SP", "comercio");
  oficina = await company("Oficina Echo", "Belo Horizonte", "MG", "automotivo");
  fechada = await company("Fechada Foxtrot", "São Paulo", "SP", "alimentacao");
  for (const c of [cafe, padaria, salao, loja, oficina])
    await answerOf<"/api/partnerships/settings", "put">(await enable(c), 200);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("settings", () => {
  it("saves the switch and the description and reads them back with the counts", async () => {
    expect(await overview(fechada)).toEqual({
      enabled: false,
      description: null,
      pendingReceived: 0,
      pendingSent: 0,
      active: 0,
      unreadMessages: 0,
      requestsToday: 0,
      requestsPerDay: 10,
    });
    const saved = await answerOf<"/api/partnerships/settings", "put">(
      await enable(fechada, "  Café grátis  "),
      200,
    );
    expect(saved).toMatchObject({ enabled: true, description: "Café grátis" });
    await answerOf<"/api/partnerships/settings", "get">(
      await api(fechada, "/api/partnerships/settings", {
        method: "PUT",
        body: { enabled: false, description: "" },
      }),
      200,
    );
    expect(await overview(fechada)).toMatchObject({ enabled: false, description: null });
    expect(await overview(cafe)).toMatchObject({
      enabled: true,
      description: "Ofertas da Café Aurora",
    });
  });
});

describe("the marketplace", () => {
  const names = (page: MarketplacePage) => page.companies.map((c) => c.name);

  it("lists the companies open to partnerships, never the own one, by name", async () => {
    const page = await market(padaria);
    expect(names(page)).toEqual(["Café Aurora", "Loja Delta", "Oficina Echo", "Salão Centro"]);
    expect(page).toMatchObject({ page: 1, pageSize: 12, total: 4 });
    expect(page.companies[0]).toMatchObject({
      id: cafe.companyId,
      city: "São Paulo",
      state: "SP",
      branch: "alimentacao",
      description: "Ofertas da Café Aurora",
      relation: "none",
    });
    expect(await market(padaria, "?page=2")).toMatchObject({ companies: [], total: 4 });
  });

  it("filters by branch (from the sector), state and city ignoring case and accents", async () => {
    expect(names(await market(padaria, "?branch=alimentacao"))).toEqual(["Café Aurora"]);
    expect(names(await market(padaria, "?branch=varejo"))).toEqual(["Loja Delta"]);
    expect(names(await market(padaria, "?branch=outros"))).toEqual(["Oficina Echo"]);
    expect(names(await market(padaria, "?state=RJ"))).toEqual(["Salão Centro"]);
    expect(names(await market(padaria, "?city=sao%20paulo"))).toEqual(["Café Aurora"]);
    expect(names(await market(padaria, "?city=S%C3%83O%20PAU&state=SP"))).toEqual(["Café Aurora"]);
    expect(names(await market(padaria, "?city=100%25"))).toEqual([]);
    expect((await api(padaria, "/api/partnerships/marketplace?branch=x")).status).toBe(400);
  });
});

describe("requests and answers", () => {
  let id: string;

  it("refuses the own company, a company switched off, an unknown one, and a sender switched off", async () => {
    expect(await errorCode(await request(padaria, padaria))).toBe("partnership_unavailable");
    expect(await errorCode(await request(padaria, fechada))).toBe("partnership_unavailable");
    // The sender's own switch off is the sender's case, with its own code (not the target's).
    const senderOff = await request(fechada, cafe);
    expect(senderOff.status).toBe(409);
    expect(await errorCode(senderOff)).toBe("partnership_sender_inactive");
    const unknown = await api(padaria, "/api/partnerships", {
      body: { companyId: "00000000-0000-4000-8000-000000000000", proposal: "Oi" },
    });
    expect(unknown.status).toBe(404);
    const blank = await api(padaria, "/api/partnerships", {
      body: { companyId: cafe.companyId, proposal: "   " },
    });
    expect(blank.status).toBe(400);
  });

  it("sends a request the recipient sees as 'nova', then 'lida' once opened", async () => {
    const sent = await answerOf<"/api/partnerships", "post">(
      await request(padaria, cafe, "Vamos trocar clientes?"),
      201,
    );
    id = sent.id;
    expect(sent).toMatchObject({
      state: "pending",
      requestedByMe: true,
      requestStatus: "nova",
      partner: { id: cafe.companyId, name: "Café Aurora", branch: "alimentacao" },
      writable: false,
      link: null,
    });
    const [received] = await list(cafe, "pending");
    expect(received).toMatchObject({ id, requestedByMe: false, requestStatus: "nova" });
    expect(await overview(cafe)).toMatchObject({ pendingReceived: 1, pendingSent: 0 });
    expect(await overview(padaria)).toMatchObject({ pendingSent: 1, requestsToday: 1 });
    expect((await market(padaria, "?branch=alimentacao")).companies[0]!.relation).toBe(
      "pending_sent",
    );
    expect((await market(cafe, "?state=SP&city=sao")).companies[0]).toMatchObject({
      name: "Padaria Beira",
      relation: "pending_received",
    });

    // The bell: unread until the recipient opens the request.
    const bell = await answerOf<"/api/notifications", "get">(
      await api(cafe, "/api/notifications"),
      200,
    );
    expect(bell.items).toContainEqual(
      expect.objectContaining({
        id: `parceria_${id}`,
        type: "partnership_request",
        customerName: "Padaria Beira",
        detail: "Vamos trocar clientes?",
        read: false,
      }),
    );
    expect((await view(padaria, id)).requestStatus).toBe("nova"); // the requester opening: no change
    expect((await view(cafe, id)).requestStatus).toBe("lida");
    expect((await view(padaria, id)).requestStatus).toBe("lida");
    const after = await answerOf<"/api/notifications", "get">(
      await api(cafe, "/api/notifications"),
      200,
    );
    expect(after.items.find((i) => i.id === `parceria_${id}`)?.read).toBe(true);
  });

  it("allows one pending or active partnership per pair, whichever side asks", async () => {
    expect(await errorCode(await request(cafe, padaria))).toBe("partnership_exists");
    expect(await errorCode(await request(padaria, cafe))).toBe("partnership_exists");
  });

  it("is answered once, by the recipient: accepted, it is active for both with its date", async () => {
    expect(await errorCode(await answer(padaria, id, true))).toBe("partnership_state_conflict");
    const accepted = await answerOf<"/api/partnerships/{id}/answer", "post">(
      await answer(cafe, id, true),
      200,
    );
    expect(accepted).toMatchObject({
      state: "active",
      requestStatus: "respondida",
      writable: true,
    });
    expect(accepted.validatedAt).not.toBeNull();
    expect(accepted.link?.sendPath).toBe(partnershipLinkPath(padaria.companyId, cafe.companyId));
    const other = await view(padaria, id);
    expect(other).toMatchObject({
      state: "active",
      requestStatus: "respondida",
      proposal: "Vamos trocar clientes?",
    });
    expect(other.link?.sendPath).toBe(partnershipLinkPath(cafe.companyId, padaria.companyId));
    expect(await errorCode(await answer(cafe, id, false))).toBe("partnership_state_conflict");
    expect(await errorCode(await request(cafe, padaria))).toBe("partnership_exists");
    expect((await list(padaria, "active")).map((p) => p.id)).toEqual([id]);
    expect(await overview(cafe)).toMatchObject({ active: 1, pendingReceived: 0 });
  });

  it("declines, and lets the requester withdraw a pending request (not the recipient)", async () => {
    const first = await answerOf<"/api/partnerships", "post">(await request(salao, loja), 201);
    const declined = await answerOf<"/api/partnerships/{id}/answer", "post">(
      await answer(loja, first.id, false),
      200,
    );
    expect(declined).toMatchObject({
      state: "declined",
      requestStatus: "respondida",
      writable: false,
    });
    const again = await answerOf<"/api/partnerships", "post">(await request(salao, loja), 201);
    const cancel = (who: Company) =>
      api(who, `/api/partnerships/${again.id}/cancel`, { method: "POST" });
    expect(await errorCode(await cancel(loja))).toBe("partnership_state_conflict");
    expect(
      await answerOf<"/api/partnerships/{id}/cancel", "post">(await cancel(salao), 200),
    ).toMatchObject({ state: "cancelled" });
    expect(await errorCode(await cancel(salao))).toBe("partnership_state_conflict");
    expect((await list(loja, "closed")).map((p) => p.state).sort()).toEqual([
      "cancelled",
      "declined",
    ]);
  });

  it("lets one of two crossing requests through, and one of two answers", async () => {
    const results = await Promise.all([request(oficina, salao), request(salao, oficina)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(await errorCode(loser)).toBe("partnership_exists");
    const sent = await answerOf<"/api/partnerships", "post">(
      results.find((r) => r.status === 201)!,
      201,
    );
    const recipient = sent.partner.id === salao.companyId ? salao : oficina;
    const answers = await Promise.all([
      answer(recipient, sent.id, true),
      answer(recipient, sent.id, true),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("marks a request read from the bell", async () => {
    const sent = await answerOf<"/api/partnerships", "post">(
      await request(loja, cafe, "x".repeat(80)),
      201,
    );
    const bell = await answerOf<"/api/notifications", "get">(
      await api(cafe, "/api/notifications"),
      200,
    );
    const item = bell.items.find((i) => i.id === `parceria_${sent.id}`)!;
    expect(item).toMatchObject({ read: false, customerName: "Loja Delta" });
    expect(item.detail).toBe(`${"x".repeat(50)}…`);
    await answerOf<"/api/notifications/read", "post">(
      await api(cafe, "/api/notifications/read", { body: { ids: [item.id] } }),
      200,
    );
    expect((await view(loja, sent.id)).requestStatus).toBe("lida");
  });

  it("counts the requests a company sends per São Paulo day: past the limit, 429", async () => {
    const today = (await overview(oficina)).requestsToday;
    await t.db.insert(partnerships).values(
      Array.from({ length: 10 - today }, (_, i) => ({
        id: `limite-${i}`,
        requesterCompanyId: oficina.companyId,
        recipientCompanyId: loja.companyId,
        state: "declined" as const,
        proposal: "Antiga",
      })),
    );
    expect(await overview(oficina)).toMatchObject({ requestsToday: 10 });
    const res = await request(oficina, cafe);
    expect(res.status).toBe(429);
    expect(await errorCode(res)).toBe("rate_limited");
  });

  it("e-mails the recipient's owner the new request in the digest", async () => {
    await runNotificationDigests({ db: t.db, appUrl: TEST_APP_URL });
    await t.deliverQueuedEmails();
    const mail = t.mails.findLast((m) => m.to === cafe.email);
    expect(mail?.text).toContain("1 solicitação de parceria aguardando resposta");
    expect(mail?.text).toContain("Loja Delta:");
    expect(mail?.text).toContain(`${TEST_APP_URL}/parceria`);
  });
});

describe("the chat", () => {
  let id: string;
  const messages: PartnerMessage[] = [];

  beforeAll(async () => {
    id = (await list(cafe, "active")).find((p) => p.partner.id === padaria.companyId)!.id;
  });

  it("refuses blank text, and counts the partner's messages unread until the thread is opened", async () => {
    const blank = await say(padaria, id, "  \n ");
    expect(blank.status).toBe(400);
    expect(await errorCode(blank)).toBe("validation_failed");
    for (const body of ["Olá, vizinho!", "Linha 1\nLinha 2"])
      messages.push(
        await answerOf<"/api/partnerships/{id}/messages", "post">(
          await say(padaria, id, body),
          201,
        ),
      );
    expect(messages[1]).toMatchObject({ fromMe: true, readAt: null, body: "Linha 1\nLinha 2" });
    const [row] = await list(cafe, "active");
    expect(row).toMatchObject({
      id,
      unread: 2,
      lastMessage: { body: "Linha 1\nLinha 2", fromMe: false },
    });
    expect((await overview(cafe)).unreadMessages).toBe(2);

    const opened = await thread(cafe, id);
    expect(opened.messages.map((m) => [m.body, m.fromMe])).toEqual([
      ["Olá, vizinho!", false],
      ["Linha 1\nLinha 2", false],
    ]);
    expect(opened.partnership.unread).toBe(0);
    expect((await overview(cafe)).unreadMessages).toBe(0);
    expect((await thread(padaria, id)).messages.every((m) => m.readAt !== null)).toBe(true);
  });

  it("answers only newer messages after a given one (polling)", async () => {
    const last = messages.at(-1)!.id;
    expect((await thread(cafe, id, last)).messages).toEqual([]);
    const reply = await answerOf<"/api/partnerships/{id}/messages", "post">(
      await say(cafe, id, "Bom dia!"),
      201,
    );
    const next = await thread(padaria, id, last);
    expect(next.messages.map((m) => m.id)).toEqual([reply.id]);
    expect(next.messages[0]).toMatchObject({ fromMe: false, senderCompanyId: cafe.companyId });
    expect((await thread(padaria, id, reply.id)).messages).toEqual([]);
  });
});

describe("the chat's limits", () => {
  it("carries only the proposal while the request is pending: no message from either side", async () => {
    const sent = await answerOf<"/api/partnerships", "post">(
      await request(loja, salao, "Proposta da Loja"),
      201,
    );
    for (const who of [loja, salao]) {
      const res = await say(who, sent.id, "x".repeat(1_900));
      expect(res.status).toBe(409);
      expect(await errorCode(res)).toBe("partnership_state_conflict");
    }
    const pending = await thread(salao, sent.id);
    expect(pending.messages).toEqual([]);
    expect(pending.partnership).toMatchObject({ proposal: "Proposta da Loja", writable: false });
    expect((await overview(salao)).unreadMessages).toBe(0);
    await answerOf<"/api/partnerships/{id}/answer", "post">(
      await answer(salao, sent.id, true),
      200,
    );
  });

  it("lets a company write PARTNER_MESSAGES_PER_HOUR messages an hour, then 429; the partner still writes", async () => {
    const [p] = (await list(loja, "active")).filter((x) => x.partner.id === salao.companyId);
    const id = p!.id;
    for (let i = 1; i <= PARTNER_MESSAGES_PER_HOUR; i++)
      expect((await say(loja, id, `Mensagem ${i}`)).status).toBe(201);
    const refused = await say(loja, id, "Mais uma");
    const body = await errorBody(refused, 429);
    expect(body.error).toMatchObject({
      code: "partner_messages_limited",
      fields: { max: String(PARTNER_MESSAGES_PER_HOUR) },
    });
    const seen = await thread(salao, id);
    expect(seen.messages).toHaveLength(PARTNER_MESSAGES_PER_HOUR);
    expect(seen.messages.at(-1)?.body).toBe(`Mensagem ${PARTNER_MESSAGES_PER_HOUR}`);
    expect((await say(salao, id, "Recebi tudo!")).status).toBe(201);
    // Ended here, so the partnerships the next tests read are the ones they set up.
    await answerOf<"/api/partnerships/{id}/end", "post">(
      await api(salao, `/api/partnerships/${id}/end`, { method: "POST" }),
      200,
    );
  });
});

describe("customers sent by partners", () => {
  let customers = 0;
  const signUp = async (origin: Record<string, string>) => {
    customers++;
    return t.customerSession({
      email: `enviado${customers}@example.com`,
      name: `Enviado ${customers}`,
      origin,
    });
  };
  const partnerOf = async (companyId: string, customerId: string) => {
    const [row] = await t.db
      .select({ partner: memberships.partnerCompanyId })
      .from(memberships)
      .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customerId)));
    return row?.partner;
  };

  it("records the partner at sign-up through the partnership link, only for an active partnership", async () => {
    const sent = await signUp({
      empresa_id: cafe.companyId,
      parceria: `${padaria.companyId}_${cafe.companyId}`,
    });
    expect(await partnerOf(cafe.companyId, sent.customerId)).toBe(padaria.companyId);
    const page = await answerOf<"/api/customers/directory", "get">(
      await api(cafe, "/api/customers/directory?search=Enviado%201"),
      200,
    );
    expect(page.items.map((r) => [r.name, r.partnerOrigin])).toEqual([
      ["Enviado 1", "Padaria Beira"],
    ]);

    // Loja Delta's request to the café is only pending; a pair that is not this company's: forged.
    const pending = await signUp({
      empresa_id: cafe.companyId,
      parceria: `${loja.companyId}_${cafe.companyId}`,
    });
    expect(await partnerOf(cafe.companyId, pending.customerId)).toBeNull();
    const forged = await signUp({
      empresa_id: cafe.companyId,
      parceria: `${padaria.companyId}_${salao.companyId}`,
    });
    expect(await partnerOf(cafe.companyId, forged.customerId)).toBeNull();
  });

  it("records it when an existing customer joins through the link, and counts sent and received", async () => {
    const customer = await signUp({ empresa_id: salao.companyId });
    const join = (companyId: string, partnership: string) =>
      api(customer, "/api/memberships", { body: { companyId, partnership } });
    await answerOf<"/api/memberships", "post">(
      await join(padaria.companyId, `${cafe.companyId}_${padaria.companyId}`),
      200,
    );
    expect(await partnerOf(padaria.companyId, customer.customerId)).toBe(cafe.companyId);
    await answerOf<"/api/memberships", "post">(
      await join(loja.companyId, `${cafe.companyId}_${loja.companyId}`),
      200,
    );
    expect(await partnerOf(loja.companyId, customer.customerId)).toBeNull();

    const [fromCafe] = await list(cafe, "active");
    expect(fromCafe).toMatchObject({ partner: { id: padaria.companyId }, sent: 1, received: 1 });
    const [fromPadaria] = await list(padaria, "active");
    expect(fromPadaria).toMatchObject({ sent: 1, received: 1 });

    // The company's own customer export names the partner that sent the customer.
    const csv = await (await api(padaria, "/api/customers/export")).text();
    const [header, ...rows] = csv.split("\r\n");
    expect(header?.endsWith(";Parceiro de origem")).toBe(true);
    expect(rows.find((r) => r.startsWith(customer.customerId))?.endsWith(";Café Aurora")).toBe(
      true,
    );
  });

  it("lists a company's active partners publicly, with the link that sends customers to them", async () => {
    const res = await t.request(`/api/companies/${cafe.companyId}/partners`);
    expect(await answerOf<"/api/companies/{id}/partners", "get">(res, 200)).toEqual({
      partners: [
        {
          id: padaria.companyId,
          name: "Padaria Beira",
          city: "São Paulo",
          state: "SP",
          logoUrl: null,
          description: "Ofertas da Padaria Beira",
          joinPath: partnershipLinkPath(padaria.companyId, cafe.companyId),
        },
      ],
    });
    const unknown = await t.request("/api/companies/00000000-0000-4000-8000-000000000000/partners");
    expect(unknown.status).toBe(404);
  });
});

describe("isolation", () => {
  it("answers 404 to a third company on every route of a partnership, 403/401 to others", async () => {
    const [p] = await list(cafe, "active");
    const base = `/api/partnerships/${p!.id}`;
    const routes: [string, string, unknown?][] = [
      ["GET", base],
      ["POST", `${base}/answer`, { accept: true }],
      ["POST", `${base}/cancel`],
      ["POST", `${base}/end`],
      ["GET", `${base}/messages`],
      ["POST", `${base}/messages`, { body: "Oi" }],
    ];
    for (const [method, path, body] of routes) {
      const res = await api(loja, path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await errorCode(res)).toBe("not_found");
    }
    const customer = await t.customerSession({ email: "curioso@example.com" });
    expect((await api(customer, "/api/partnerships")).status).toBe(403);
    expect((await api(customer, base)).status).toBe(403);
    expect((await api(null, "/api/partnerships/settings")).status).toBe(401);
  });
});

describe("ending", () => {
  it("ends for both, for good: the conversation stays readable and closed to writing", async () => {
    const [p] = await list(cafe, "active");
    const id = p!.id;
    const end = (who: Company) => api(who, `/api/partnerships/${id}/end`, { method: "POST" });
    const ended = await answerOf<"/api/partnerships/{id}/end", "post">(await end(cafe), 200);
    expect(ended).toMatchObject({ state: "ended", writable: false, link: null });
    expect(ended.endedAt).not.toBeNull();
    expect((await view(padaria, id)).state).toBe("ended");
    expect(await errorCode(await end(padaria))).toBe("partnership_state_conflict");
    const closed = await say(padaria, id, "Ainda aí?");
    expect(closed.status).toBe(409);
    expect(await errorCode(closed)).toBe("partnership_state_conflict");
    expect((await thread(padaria, id)).messages).toHaveLength(3);
    const partners = await answerOf<"/api/companies/{id}/partners", "get">(
      await t.request(`/api/companies/${cafe.companyId}/partners`),
      200,
    );
    expect(partners.partners).toEqual([]);
  });

  it("keeps the company's partnerships and their messages in its backup", async () => {
    const res = await api(padaria, "/api/settings/backup");
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const rows = (name: string) =>
      JSON.parse(strFromU8(zip[`${name}.json`]!)) as Record<string, unknown>[];
    expect(rows("parcerias").map((r) => r.state)).toEqual(["ended"]);
    expect(rows("mensagens-parcerias").map((r) => r.body)).toEqual([
      "Olá, vizinho!",
      "Linha 1\nLinha 2",
      "Bom dia!",
    ]);
    expect(strFromU8(zip["clientes.csv"]!)).toContain("Parceiro de origem");
  });
});

// Two app servers on one PostgreSQL database (PGlite belongs to one process: nothing to share).
describe.skipIf(!testEnv.TEST_DATABASE_URL)("the chat across two app servers", () => {
  it("returns a message written through one server to a poll on the other", async () => {
    const other = connectPostgres(t.database.url!, { max: 2 });
    try {
      const { app: second } = createApp({
        db: other.db,
        mailer: { kind: "smtp", send: async () => {}, close: () => {} },
        appUrl: TEST_APP_URL,
        authSecret: "test-secret-test-secret-test-secret-0123",
      });
      const poll = async (who: Company, id: string, after: string) => {
        const res = await second.request(
          `/api/partnerships/${id}/messages?after=${after}`,
          { headers: { origin: TEST_APP_URL, cookie: who.cookie } },
          { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
        );
        return answerOf<"/api/partnerships/{id}/messages", "get">(res, 200);
      };
      const [p] = await list(salao, "active");
      const first = await answerOf<"/api/partnerships/{id}/messages", "post">(
        await say(salao, p!.id, "Primeira"),
        201,
      );
      const other1 = p!.partner.id === oficina.companyId ? oficina : salao;
      expect((await poll(other1, p!.id, first.id)).messages).toEqual([]);
      const second1 = await answerOf<"/api/partnerships/{id}/messages", "post">(
        await say(salao, p!.id, "Pelo outro servidor?"),
        201,
      );
      const seen = await poll(other1, p!.id, first.id);
      expect(seen.messages.map((m) => [m.id, m.body])).toEqual([
        [second1.id, "Pelo outro servidor?"],
      ]);
    } finally {
      await other.close();
    }
  });
});

describe("a company whose plan expired", () => {
  it("leaves the marketplace, receives no requests and cannot write (402), but still reads", async () => {
    const past = new Date(Date.now() - 24 * 60 * 60 * 1000);
    await t.db
      .update(companies)
      .set({ trialEndsAt: past })
      .where(eq(companies.id, oficina.companyId));
    expect((await market(cafe)).companies.map((c) => c.name)).not.toContain("Oficina Echo");
    expect(await errorCode(await request(cafe, oficina))).toBe("partnership_unavailable");
    const [p] = await list(oficina, "active");
    const res = await say(oficina, p!.id, "Ainda posso?");
    expect(res.status).toBe(402);
    expect(await errorCode(res)).toBe("plan_expired");
    expect((await thread(oficina, p!.id)).partnership.state).toBe("active");
  });
});
