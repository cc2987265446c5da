import { INTEREST_RATE_LIMIT } from "@shared/interests.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, errorBody, ok } from "../../test/api";
import { createTestApp, type TestApp } from "../../test/test-app";
import { companies } from "../companies/companies.table";
import { interestReplies, interests } from "./interests.table";

let t: TestApp;
/** alimentacao in São Paulo: matches interests for 'sao paulo', 'SÃO PAULO ', ... */
let cafe: { cookie: string; companyId: string };
/** alimentacao in São Paulo too: a second matching company. */
let bakery: { cookie: string; companyId: string };
/** beleza in São Paulo: another sector. */
let salon: { cookie: string; companyId: string };
/** alimentacao in Campinas: another city. */
let campinas: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };
let bruno: { cookie: string; customerId: string };

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
  bakery = await t.companySession({
    companyName: "Padaria Pão Quente",
    email: "padaria@example.com",
    city: " sÃo paulo ",
  });
  salon = await t.companySession({
    companyName: "Salão Bela",
    email: "bela@example.com",
    sector: "beleza",
  });
  campinas = await t.companySession({
    companyName: "Café Campinas",
    email: "campinas@example.com",
    city: "Campinas",
  });
  ana = await t.customerSession({ name: "Ana Souza", email: "ana@example.com" });
  bruno = await t.customerSession({ name: "Bruno Lima", email: "bruno@example.com" });
});
afterAll(async () => {
  await t?.close();
});

const valid = {
  sector: "alimentacao",
  city: "sao paulo",
  state: "sp",
  description: "Procuro um café com pão de queijo perto do metrô",
};

const create = (cookie: string | undefined, body: unknown) =>
  t.request("/api/me/interests", { cookie, body });
const list = async (cookie: string) => ok(apiAs(t, cookie).GET("/api/interests"), 200);
const reply = (cookie: string, id: string, body: string) =>
  t.request(`/api/interests/${id}/reply`, { cookie, body: { body } });

let interestId: string;

describe("a customer's interest", () => {
  it("is stored pending, trimmed, with the state upper-cased", async () => {
    const interest = await answerOf<"/api/me/interests", "post">(
      await create(ana.cookie, { ...valid, city: "  sao paulo " }),
      201,
    );
    expect(interest).toMatchObject({
      sector: "alimentacao",
      city: "sao paulo",
      state: "SP",
      description: valid.description,
      status: "pending",
    });
    interestId = interest.id;
    const [row] = await t.db.select().from(interests).where(eq(interests.id, interestId));
    expect(row?.cityKey).toBe("sao paulo");
  });

  it.each([
    [{ ...valid, sector: "" }, "sector"],
    [{ ...valid, sector: "padaria" }, "sector"],
    [{ ...valid, city: "  " }, "city"],
    [{ ...valid, state: "" }, "state"],
    [{ ...valid, description: "   " }, "description"],
    [{ sector: "alimentacao", city: "Recife", state: "PE" }, "description"],
  ])("needs every field: 'Por favor, preencha todos os campos.' %#", async (body, field) => {
    const res = await create(ana.cookie, body);
    expect((await errorBody(res, 400)).error.fields?.[field]).toBe("interest_fields_required");
  });

  it("refuses an unknown state and a too long description", async () => {
    const badState = await errorBody(await create(ana.cookie, { ...valid, state: "XX" }), 400);
    expect(badState.error.fields?.state).toBe("state_invalid");
    const long = await errorBody(
      await create(ana.cookie, { ...valid, description: "a".repeat(1001) }),
      400,
    );
    expect(long.error.fields?.description).toBe("interest_description_too_long");
  });

  it("refuses an anonymous user, with the spec's message, and a company account", async () => {
    const anonymous = await errorBody(await create(undefined, valid), 401);
    expect(anonymous.error).toEqual({
      code: "unauthenticated",
      message: "Você precisa estar logado para solicitar interesse.",
    });
    expect((await create(cafe.cookie, valid)).status).toBe(403);
  });

  it(`is limited to ${INTEREST_RATE_LIMIT.max} per customer in an hour`, async () => {
    const carla = await t.customerSession({ name: "Carla", email: "carla@example.com" });
    for (let i = 0; i < INTEREST_RATE_LIMIT.max; i++) {
      const res = await create(carla.cookie, { ...valid, city: "Manaus", state: "AM" });
      expect(res.status).toBe(201);
    }
    const refused = await create(carla.cookie, { ...valid, city: "Manaus", state: "AM" });
    expect((await errorBody(refused, 429)).error.code).toBe("rate_limited");
  });
});

describe("matching companies (same sector, same city ignoring case and accents)", () => {
  it("see it with the customer's name, newest first; others never do", async () => {
    await answerOf<"/api/me/interests", "post">(
      await create(bruno.cookie, {
        ...valid,
        city: "SÃO PAULO",
        description: "Uma padaria aberta cedo",
      }),
      201,
    );
    for (const company of [cafe, bakery]) {
      const seen = await list(company.cookie);
      expect(seen.map((i) => [i.customerName, i.description, i.status])).toEqual([
        ["Bruno Lima", "Uma padaria aberta cedo", "pending"],
        ["Ana Souza", valid.description, "pending"],
      ]);
      expect(seen[1]).toMatchObject({ city: "sao paulo", state: "SP", reply: null });
    }
    expect(await list(salon.cookie)).toEqual([]);
    expect(await list(campinas.cookie)).toEqual([]);
  });

  it("a company outside the sector or the city gets 404 on reply and changes nothing", async () => {
    for (const company of [salon, campinas]) {
      const res = await reply(company.cookie, interestId, "Venha nos visitar");
      expect((await errorBody(res, 404)).error.code).toBe("not_found");
    }
    const [row] = await t.db.select().from(interests).where(eq(interests.id, interestId));
    expect(row?.status).toBe("pending");
    expect(
      await t.db.select().from(interestReplies).where(eq(interestReplies.interestId, interestId)),
    ).toEqual([]);
  });

  it("each matching company answers once; the first answer does not lock the others out", async () => {
    const res = await answerOf<"/api/interests/{id}/reply", "post">(
      await reply(cafe.cookie, interestId, "  Temos pão de queijo fresquinho!  "),
      201,
    );
    expect(res).toMatchObject({ interestId, body: "Temos pão de queijo fresquinho!" });
    const seen = (await list(cafe.cookie)).find((i) => i.id === interestId);
    expect(seen).toMatchObject({
      status: "answered",
      reply: { body: "Temos pão de queijo fresquinho!" },
    });
    const again = await errorBody(await reply(cafe.cookie, interestId, "De novo"), 409);
    expect(again.error.code).toBe("interest_already_answered");

    // the other matching company still may answer (without seeing the first company's answer)
    const other = (await list(bakery.cookie)).find((i) => i.id === interestId);
    expect(other).toMatchObject({ status: "pending", reply: null });
    await answerOf<"/api/interests/{id}/reply", "post">(
      await reply(bakery.cookie, interestId, "Pão quentinho às 6h!"),
      201,
    );
    expect((await list(bakery.cookie)).find((i) => i.id === interestId)).toMatchObject({
      status: "answered",
      reply: { body: "Pão quentinho às 6h!" },
    });
    expect((await reply(bakery.cookie, interestId, "Nós de novo")).status).toBe(409);
    expect(
      await t.db.select().from(interestReplies).where(eq(interestReplies.interestId, interestId)),
    ).toHaveLength(2);
    const [row] = await t.db.select().from(interests).where(eq(interests.id, interestId));
    expect(row?.status).toBe("answered");
  });

  it("two matching companies answering at once: both replies are stored", async () => {
    const dora = await t.customerSession({ name: "Dora", email: "dora@example.com" });
    const interest = await answerOf<"/api/me/interests", "post">(
      await create(dora.cookie, { ...valid, description: "Um café que abra às 6h" }),
      201,
    );
    const results = await Promise.all([
      reply(cafe.cookie, interest.id, "Abrimos às 6h!"),
      reply(bakery.cookie, interest.id, "Nós abrimos às 5h30!"),
      reply(bakery.cookie, interest.id, "Nós abrimos às 5h30! (de novo)"),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409]);
    const rows = await t.db
      .select()
      .from(interestReplies)
      .where(eq(interestReplies.interestId, interest.id));
    expect(rows.map((r) => r.companyId).sort()).toEqual([bakery.companyId, cafe.companyId].sort());
    const [row] = await t.db.select().from(interests).where(eq(interests.id, interest.id));
    expect(row?.status).toBe("answered");
  });

  it("refuses a blank reply", async () => {
    const pending = (await list(bakery.cookie)).find((i) => i.status === "pending")!;
    const res = await reply(bakery.cookie, pending.id, "   ");
    expect((await errorBody(res, 400)).error.fields?.body).toBe("reply_required");
  });

  it("the customer sees every company's answer with its name; another customer does not", async () => {
    const replies = await ok(apiAs(t, ana.cookie).GET("/api/me/replies"), 200);
    // every company's answer, newest first
    expect(replies).toEqual([
      expect.objectContaining({
        kind: "interest",
        companyId: bakery.companyId,
        companyName: "Padaria Pão Quente",
        body: "Pão quentinho às 6h!",
        original: valid.description,
      }),
      expect.objectContaining({
        kind: "interest",
        companyId: cafe.companyId,
        companyName: "Café Aurora",
        body: "Temos pão de queijo fresquinho!",
        original: valid.description,
      }),
    ]);
    expect(await ok(apiAs(t, bruno.cookie).GET("/api/me/replies"), 200)).toEqual([]);
  });

  it("lists and replies are for companies only", async () => {
    expect((await t.request("/api/interests", { cookie: ana.cookie })).status).toBe(403);
    expect((await reply(ana.cookie, interestId, "Eu")).status).toBe(403);
    expect((await t.request("/api/interests")).status).toBe(401);
  });
});

describe("a company's city, state and sector (what interests match on)", () => {
  const data = (overrides: Record<string, unknown> = {}) => ({
    tradeName: "Muda Muda",
    email: "",
    phone: "(11) 3333-4444",
    whatsapp: "",
    website: "",
    city: "São Paulo",
    state: "SP",
    sector: "alimentacao",
    summary: "",
    instagram: "",
    facebook: "",
    linkedin: "",
    youtube: "",
    tiktok: "",
    x: "",
    googleReviewUrl: "",
    ...overrides,
  });
  const save = (cookie: string, body: unknown) =>
    t.request("/api/company/data", { method: "PUT", cookie, body });

  it("change at most once in 30 days; then the matching follows the new place", async () => {
    const mover = await t.companySession({ companyName: "Muda Muda", email: "muda@example.com" });
    // other fields, or the same city written differently, are not a change
    await answerOf<"/api/company/data", "put">(
      await save(mover.cookie, data({ summary: "Novo resumo", city: " sao PAULO " })),
      200,
    );
    await answerOf<"/api/company/data", "put">(
      await save(mover.cookie, data({ city: "Campinas" })),
      200,
    );
    expect(await list(mover.cookie)).toEqual([]);

    for (const change of [{ city: "São Paulo" }, { state: "RJ" }, { sector: "beleza" }]) {
      const refused = await errorBody(
        await save(mover.cookie, data({ city: "Campinas", ...change })),
        409,
      );
      expect(refused.error.code).toBe("location_change_too_soon");
      expect(refused.error.fields?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    // the other fields still save while the place stays
    await answerOf<"/api/company/data", "put">(
      await save(mover.cookie, data({ city: "Campinas", summary: "Outro" })),
      200,
    );

    // 30 days later the place may change again
    await t.db
      .update(companies)
      .set({ locationChangedAt: new Date(Date.now() - 30 * 24 * 60 * 60 * 1000 - 1000) })
      .where(eq(companies.id, mover.companyId));
    await answerOf<"/api/company/data", "put">(
      await save(mover.cookie, data({ city: "São Paulo" })),
      200,
    );
    expect((await list(mover.cookie)).length).toBeGreaterThan(0);
    expect((await save(mover.cookie, data({ city: "Santos" }))).status).toBe(409);
  });

  it("filling a missing city is not a change", async () => {
    const fresh = await t.companySession({
      companyName: "Sem Cidade",
      email: "semcidade@example.com",
    });
    await t.db.update(companies).set({ city: null }).where(eq(companies.id, fresh.companyId));
    await answerOf<"/api/company/data", "put">(
      await save(fresh.cookie, data({ city: "Recife", state: "SP" })),
      200,
    );
    // the first real change is still allowed
    await answerOf<"/api/company/data", "put">(
      await save(fresh.cookie, data({ city: "Olinda", state: "SP" })),
      200,
    );
    expect((await save(fresh.cookie, data({ city: "Recife", state: "SP" }))).status).toBe(409);
  });
});
