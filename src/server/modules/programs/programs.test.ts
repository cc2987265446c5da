import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf, apiAs, errorBody, ok } from "../../test/api";
import { errorCode } from "../../test/http";
import { createTestApp, type TestApp } from "../../test/test-app";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { createDefaultProgram } from "./programs.service";
import { programs } from "./programs.table";

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let rival: { cookie: string; companyId: string };

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
  rival = await t.companySession({ companyName: "Rival", email: "rival@example.com" });
});
afterAll(async () => {
  await t?.close();
});

const list = async (cookie = cafe.cookie) => ok(apiAs(t, cookie).GET("/api/programs"), 200);

// Raw: some bodies send the stamps as text, as a form does.
const create = async (body: Record<string, unknown>, cookie = cafe.cookie) =>
  answerOf<"/api/programs", "post">(await t.request("/api/programs", { cookie, body }), 201);

const programAction = (id: string, action: "archive" | "restore" | "default") =>
  apiAs(t, cafe.cookie).POST(`/api/programs/{id}/${action}`, { params: { path: { id } } });

describe("the default programme of a new company", () => {
  it("is 'Cartão Fidelidade' with the company's max_carimbos_padrao stamps", async () => {
    const [only, ...others] = await list();
    expect(others).toEqual([]);
    expect(only).toMatchObject({
      name: "Cartão Fidelidade",
      reward: "Recompensa da casa",
      stampsRequired: 10,
      isDefault: true,
      archivedAt: null,
      openCards: 0,
    });
  });

  it("takes the company's own max_carimbos_padrao, not a constant", async () => {
    const shop = await t.companySession({ companyName: "Pet Shop", email: "pet@example.com" });
    await t.db.delete(programs).where(eq(programs.companyId, shop.companyId));
    await t.db
      .update(companies)
      .set({ defaultMaxStamps: 12 })
      .where(eq(companies.id, shop.companyId));
    await createDefaultProgram(t.db, shop.companyId);
    const [program] = await list(shop.cookie);
    expect(program).toMatchObject({ stampsRequired: 12, isDefault: true });
  });
});

describe("creating and editing programmes", () => {
  it("'Novo Cartão' creates a programme that is not the default", async () => {
    const created = await create({
      name: "Cartão Café",
      stampsRequired: "8",
      reward: "Um café expresso",
      description: "Vale um expresso",
    });
    expect(created).toMatchObject({
      name: "Cartão Café",
      stampsRequired: 8,
      reward: "Um café expresso",
      description: "Vale um expresso",
      isDefault: false,
      archivedAt: null,
    });
    expect((await list()).map((p) => p.name)).toEqual(["Cartão Fidelidade", "Cartão Café"]);
  });

  it("edits name, stamps, reward and description", async () => {
    const program = await create({ name: "Barba", stampsRequired: 5, reward: "Uma barba" });
    const edited = await ok(
      apiAs(t, cafe.cookie).PUT("/api/programs/{id}", {
        params: { path: { id: program.id } },
        body: {
          name: "Barba completa",
          stampsRequired: 6,
          reward: "Barba grátis",
          description: "x",
        },
      }),
      200,
    );
    expect(edited).toMatchObject({
      id: program.id,
      name: "Barba completa",
      stampsRequired: 6,
      reward: "Barba grátis",
      description: "x",
    });
    expect((await list()).find((p) => p.id === program.id)).toMatchObject(edited);
  });

  it.each([
    [{ name: "", stampsRequired: 10, reward: "x" }, "name", "program_name_required"],
    [{ name: "A", stampsRequired: 0, reward: "x" }, "stampsRequired", "program_stamps_range"],
    [{ name: "A", stampsRequired: 51, reward: "x" }, "stampsRequired", "program_stamps_range"],
    [{ name: "A", stampsRequired: 2.5, reward: "x" }, "stampsRequired", "program_stamps_range"],
    [{ name: "A", stampsRequired: 10, reward: " " }, "reward", "program_reward_required"],
  ])("refuses an invalid edit %#", async (body, field, message) => {
    const [program] = await list();
    const res = await t.request(`/api/programs/${program!.id}`, {
      method: "PUT",
      cookie: cafe.cookie,
      body,
    });
    const error = await errorBody(res, 400);
    expect(error.error.fields?.[field]).toBe(message);
  });
});

describe("the default programme", () => {
  it("switches to another programme: one default per company, listed first", async () => {
    const coffee = (await list()).find((p) => p.name === "Cartão Café")!;
    const chosen = await ok(programAction(coffee.id, "default"), 200);
    expect(chosen.isDefault).toBe(true);
    const after = await list();
    expect(after.filter((p) => p.isDefault).map((p) => p.id)).toEqual([coffee.id]);
    expect(after[0]!.id).toBe(coffee.id);
    // choosing it again changes nothing
    await ok(programAction(coffee.id, "default"), 200);
    expect((await list()).filter((p) => p.isDefault)).toHaveLength(1);
  });

  it("a new member joins the default programme with its size and reward", async () => {
    const ana = await t.customerSession({
      name: "Ana Souza",
      email: "ana@example.com",
      origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
    });
    const cards = await ok(apiAs(t, ana.cookie).GET("/api/me/cards"), 200);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      programName: "Cartão Café",
      reward: "Um café expresso",
      maxStamps: 8,
      stamps: 0,
      status: "active",
    });
    // a signed-in customer opening the link (POST /api/memberships) gets the same
    const bruno = await t.customerSession({ name: "Bruno", email: "bruno@example.com" });
    const joined = await ok(
      apiAs(t, bruno.cookie).POST("/api/memberships", { body: { companyId: cafe.companyId } }),
      200,
    );
    expect(joined.card).toMatchObject({ reward: "Um café expresso", maxStamps: 8 });
  });

  it("concurrent switches leave exactly one default", async () => {
    const all = await list();
    const results = await Promise.all(
      all
        .filter((p) => !p.archivedAt)
        .map((p) =>
          t.request(`/api/programs/${p.id}/default`, { method: "POST", cookie: cafe.cookie }),
        ),
    );
    for (const res of results) expect(res.status).toBe(200);
    expect((await list()).filter((p) => p.isDefault)).toHaveLength(1);
    // back to the coffee card for the tests below
    const coffee = all.find((p) => p.name === "Cartão Café")!;
    await ok(programAction(coffee.id, "default"), 200);
  });
});

describe("archiving", () => {
  it("the default programme cannot be archived: choose another default first", async () => {
    const current = (await list()).find((p) => p.isDefault)!;
    const res = await t.request(`/api/programs/${current.id}/archive`, {
      method: "POST",
      cookie: cafe.cookie,
    });
    expect(await errorCode(res, 409)).toBe("program_is_default");
    expect((await list()).find((p) => p.id === current.id)?.archivedAt).toBeNull();
  });

  it("an archived programme keeps its open cards, opens no new ones and cannot be the default", async () => {
    const old = (await list()).find((p) => p.name === "Cartão Fidelidade")!;
    const archived = await ok(programAction(old.id, "archive"), 200);
    expect(archived.archivedAt).not.toBeNull();
    const all = await list();
    expect(all.at(-1)!.id).toBe(old.id); // archived ones last

    const toDefault = await t.request(`/api/programs/${old.id}/default`, {
      method: "POST",
      cookie: cafe.cookie,
    });
    expect(await errorCode(toDefault, 409)).toBe("program_archived");

    // no new cards: neither opened by staff nor by a stamp in that programme
    const ana = (
      await ok(
        apiAs(t, cafe.cookie).GET("/api/customers", { params: { query: { search: "ana" } } }),
      )
    )[0]!;
    const opened = await t.request(`/api/customers/${ana.id}/cards`, {
      cookie: cafe.cookie,
      body: { programId: old.id },
    });
    expect(await errorCode(opened, 409)).toBe("program_archived");
    const stamped = await t.request(`/api/customers/${ana.id}/stamps`, {
      cookie: cafe.cookie,
      body: { method: "purchase", programId: old.id },
    });
    expect(await errorCode(stamped, 409)).toBe("program_archived");
    const rows = await t.db
      .select()
      .from(loyaltyCards)
      .where(and(eq(loyaltyCards.programId, old.id), eq(loyaltyCards.customerId, ana.id)));
    expect(rows).toEqual([]);

    // the 'Templates' tile counts the programmes that open cards
    const summary = await ok(apiAs(t, cafe.cookie).GET("/api/cards/summary"), 200);
    expect(summary.programs).toBe(all.filter((p) => !p.archivedAt).length);

    // restored, it opens cards again
    const restored = await ok(programAction(old.id, "restore"), 200);
    expect(restored.archivedAt).toBeNull();
    await ok(
      apiAs(t, cafe.cookie).POST("/api/customers/{id}/cards", {
        params: { path: { id: ana.id } },
        body: { programId: old.id },
      }),
      201,
    );
  });
});

describe("scoping", () => {
  it("another company gets 404 on this company's programmes and changes nothing", async () => {
    const before = await list();
    const target = before.find((p) => !p.isDefault)!;
    const attempts = [
      t.request(`/api/programs/${target.id}`, {
        method: "PUT",
        cookie: rival.cookie,
        body: { name: "Roubado", stampsRequired: 2, reward: "Nada" },
      }),
      t.request(`/api/programs/${target.id}/archive`, { method: "POST", cookie: rival.cookie }),
      t.request(`/api/programs/${target.id}/restore`, { method: "POST", cookie: rival.cookie }),
      t.request(`/api/programs/${target.id}/default`, { method: "POST", cookie: rival.cookie }),
      t.request("/api/programs/not-an-id/default", { method: "POST", cookie: cafe.cookie }),
    ];
    for (const res of await Promise.all(attempts))
      expect(await errorCode(res, 404)).toBe("not_found");
    expect(await list()).toEqual(before);
    const theirs = await list(rival.cookie);
    expect(theirs).toHaveLength(1);
    expect(theirs.map((p) => p.id)).not.toContain(target.id);
  });

  it("customers and visitors cannot manage programmes", async () => {
    const maria = await t.customerSession({ email: "maria@example.com" });
    const [program] = await list();
    const paths = [`/api/programs/${program!.id}/archive`, `/api/programs/${program!.id}/default`];
    for (const path of paths) {
      expect((await t.request(path, { method: "POST", cookie: maria.cookie })).status).toBe(403);
      expect((await t.request(path, { method: "POST" })).status).toBe(401);
    }
  });
});
