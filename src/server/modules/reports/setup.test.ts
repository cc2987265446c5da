import type { SetupChecklist, SetupStep } from "@shared/reports.schema";
import type { ReferralRules } from "@shared/settings.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, errorBody, ok } from "../../test/api";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { customerImports } from "../customers/imports.table";

/**
 * The dashboard's 'Primeiros passos' (GET /api/dashboard/setup, POST and DELETE
 * /api/dashboard/setup/dismiss): each step ticks from the company's own data as it is done
 * through the API (an import's later statuses, which its job sets, are written straight into
 * its row), and only the company's own.
 */

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let rival: { cookie: string; companyId: string };

/** A real 1x1 PNG. */
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);

const checklist = (cookie = cafe.cookie): Promise<SetupChecklist> =>
  ok(apiAs(t, cookie).GET("/api/dashboard/setup"), 200);

/** The steps done, in the list's order. */
async function done(cookie = cafe.cookie): Promise<SetupStep[]> {
  return (await checklist(cookie)).items.filter((i) => i.done).map((i) => i.key);
}

const put = (path: string, body: unknown, cookie = cafe.cookie) =>
  t.request(path, { method: "PUT", cookie, body });

function uploadLogo(cookie = cafe.cookie) {
  const form = new FormData();
  form.set("file", new File([PNG], "logo.png", { type: "image/png" }));
  return t.app.request(
    "/api/company/logo",
    { method: "POST", headers: { origin: TEST_APP_URL, cookie }, body: form },
    { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
  );
}

async function setBrandColor(brandColor: string, cookie = cafe.cookie) {
  const data = (await (await t.request("/api/company/data", { cookie })).json()) as Record<
    string,
    unknown
  >;
  const { id: _id, logoUrl: _logo, updatedAt: _at, ...fields } = data;
  // (The form sends an empty text for a field left blank.)
  const body = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v ?? ""]));
  const res = await put("/api/company/data", { ...body, brandColor }, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
}

const REFERRALS_ON: ReferralRules = {
  enabled: true,
  referredStamps: 1,
  referrerStamps: 1,
  referredBonusCents: 0,
  referrerBonusCents: 0,
  monthlyCap: 5,
};

const dismiss = (cookie = cafe.cookie) =>
  t.request("/api/dashboard/setup/dismiss", { cookie, method: "POST" });
const undoDismiss = (cookie = cafe.cookie) =>
  t.request("/api/dashboard/setup/dismiss", { cookie, method: "DELETE" });

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession({ companyName: "Café do Ponto", email: "cafe@example.com" });
  rival = await t.companySession({ companyName: "Rival", email: "rival@example.com" });
});
afterAll(async () => {
  await t?.close();
});

describe("the setup checklist", () => {
  it("lists the six steps in order, none done, for a company just signed up", async () => {
    expect(await checklist()).toEqual({
      items: ["program", "brand", "poster", "team", "referrals", "import"].map((key) => ({
        key,
        done: false,
      })),
      dismissed: false,
    });
  });

  it("ticks 'reward and size' when the sign-up's programme is saved, or another one is made", async () => {
    const [program] = await ok(apiAs(t, cafe.cookie).GET("/api/programs"), 200);
    const res = await put(`/api/programs/${program!.id}`, {
      name: program!.name,
      stampsRequired: 8,
      reward: "Um cappuccino",
      description: "",
    });
    expect(res.status).toBe(200);
    expect(await done()).toEqual(["program"]);

    // Another company's new programme (not its sign-up one) ticks its own list only.
    const bakery = await t.companySession({ companyName: "Padaria", email: "padaria@example.com" });
    expect(await done(bakery.cookie)).toEqual([]);
    const created = await t.request("/api/programs", {
      cookie: bakery.cookie,
      body: {
        name: "Pão de queijo",
        stampsRequired: 6,
        reward: "Um pão de queijo",
        description: "",
      },
    });
    expect(created.status).toBe(201);
    expect(await done(bakery.cookie)).toEqual(["program"]);
  });

  it("ticks 'brand' only with both a colour and a logo, and unticks when the colour goes", async () => {
    await setBrandColor("#0f766e");
    expect(await done()).toEqual(["program"]);
    expect((await uploadLogo()).status).toBe(200);
    expect(await done()).toEqual(["program", "brand"]);
    await setBrandColor("");
    expect(await done()).toEqual(["program"]);
    await setBrandColor("#0F766E");
    expect(await done()).toEqual(["program", "brand"]);
  });

  it("ticks 'poster' once the poster was downloaded", async () => {
    const poster = await t.request("/api/company/poster", { cookie: cafe.cookie });
    expect(poster.status).toBe(200);
    expect(await done()).toEqual(["program", "brand", "poster"]);
  });

  it("ticks 'team' with an invitation (not a cancelled one) or a second member", async () => {
    const sent = await t.request("/api/team/invitations", {
      cookie: cafe.cookie,
      body: { email: "joana@example.com", role: "attendant" },
    });
    expect(sent.status).toBe(201);
    expect(await done()).toContain("team");
    const { id } = (await sent.json()) as { id: string };
    const canceled = await t.request(`/api/team/invitations/${id}`, {
      method: "DELETE",
      cookie: cafe.cookie,
    });
    expect(canceled.status).toBe(204);
    expect(await done()).not.toContain("team");

    await t.staffSession(cafe.companyId, "manager");
    expect(await done()).toEqual(["program", "brand", "poster", "team"]);
  });

  it("ticks 'referrals' while the referral programme is on", async () => {
    const on = await put("/api/settings/referral-rules", REFERRALS_ON);
    expect(on.status).toBe(200);
    expect(await done()).toContain("referrals");
    await put("/api/settings/referral-rules", { ...REFERRALS_ON, enabled: false });
    expect(await done()).not.toContain("referrals");
    await put("/api/settings/referral-rules", REFERRALS_ON);
    expect(await done()).toEqual(["program", "brand", "poster", "team", "referrals"]);
  });

  it("ticks 'import' once an import is confirmed, not for a preview or a failed one", async () => {
    const form = new FormData();
    form.set(
      "file",
      new File(["nome;email;carimbos\nAna;ana.papel@example.com;3\n"], "clientes.csv"),
    );
    const uploaded = await t.app.request(
      "/api/customers/imports",
      { method: "POST", body: form, headers: { origin: TEST_APP_URL, cookie: cafe.cookie } },
      { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
    );
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const importId = ((await uploaded.json()) as { import: { id: string } }).import.id;
    // The preview: nothing sent yet.
    expect(await done()).not.toContain("import");
    const confirmed = await t.request(`/api/customers/imports/${importId}/confirm`, {
      method: "POST",
      cookie: cafe.cookie,
    });
    expect(confirmed.status).toBe(202);
    expect(await done()).toContain("import");
    expect((await checklist()).items.every((i) => i.done)).toBe(true);

    // Each status of a batch (the job moves it; written here to see each one).
    for (const status of ["preview", "failed", "queued", "running", "done"]) {
      await t.db.update(customerImports).set({ status }).where(eq(customerImports.id, importId));
      expect((await done()).includes("import"), status).toBe(
        ["queued", "running", "done"].includes(status),
      );
    }
  });

  it("never ticks a step from another company's data", async () => {
    expect(await checklist(rival.cookie)).toEqual({
      items: ["program", "brand", "poster", "team", "referrals", "import"].map((key) => ({
        key,
        done: false,
      })),
      dismissed: false,
    });
  });
});

describe("'Ocultar lista'", () => {
  it("hides the list for the company, kept on the server, and 'Desfazer' shows it again", async () => {
    const res = await dismiss();
    expect(res.status).toBe(200);
    expect(((await res.json()) as SetupChecklist).dismissed).toBe(true);
    expect((await checklist()).dismissed).toBe(true);
    // Twice is the same: still hidden.
    expect((await dismiss()).status).toBe(200);
    expect((await checklist()).dismissed).toBe(true);
    // Another company's list stays.
    expect((await checklist(rival.cookie)).dismissed).toBe(false);

    const undone = await undoDismiss();
    expect(undone.status).toBe(200);
    expect(((await undone.json()) as SetupChecklist).dismissed).toBe(false);
    expect((await checklist()).dismissed).toBe(false);
  });

  it("a manager sees the list and may hide it; an attendant, a customer and a visitor may not", async () => {
    const manager = await t.staffSession(rival.companyId, "manager");
    expect((await checklist(manager.cookie)).items).toHaveLength(6);
    expect((await dismiss(manager.cookie)).status).toBe(200);
    expect((await checklist(rival.cookie)).dismissed).toBe(true);
    expect((await undoDismiss(manager.cookie)).status).toBe(200);

    const attendant = await t.staffSession(rival.companyId, "attendant");
    const read = await t.request("/api/dashboard/setup", { cookie: attendant.cookie });
    expect((await errorBody(read, 403)).error.code).toBe("role_forbidden");
    expect((await errorBody(await dismiss(attendant.cookie), 403)).error.code).toBe(
      "role_forbidden",
    );
    expect((await checklist(rival.cookie)).dismissed).toBe(false);

    const customer = await t.customerSession({ email: "ana@example.com" });
    expect((await errorBody(await dismiss(customer.cookie), 403)).error.code).toBe("forbidden");
    expect((await errorBody(await t.request("/api/dashboard/setup"), 401)).error.code).toBe(
      "unauthenticated",
    );
  });
});
