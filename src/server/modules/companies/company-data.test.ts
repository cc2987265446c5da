import type { Me } from "@shared/auth.schema";
import type { PublicCompany } from "@shared/companies.schema";
import type { CompanyData, UpdateCompanyData } from "@shared/company-data.schema";
import type { ApiErrorBody } from "@shared/errors";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { files } from "../files/files.table";

let t: TestApp;
let shop: { cookie: string; companyId: string };
let other: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };

/** A real 1x1 PNG. */
const PNG: Uint8Array<ArrayBuffer> = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);
/** A 1x1 GIF. */
const GIF: Uint8Array<ArrayBuffer> = Uint8Array.from(
  Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
);

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.companySession({ companyName: "Café do Ponto", email: "dono@cafe.example" });
  other = await t.companySession({ companyName: "Padaria Outra", email: "dono@padaria.example" });
  ana = await t.customerSession({ email: "ana@example.com" });
});
afterAll(async () => {
  await t?.close();
});

const fullInput = (overrides: Partial<UpdateCompanyData> = {}): UpdateCompanyData => ({
  tradeName: "Café do Ponto Gourmet",
  email: "contato@cafe.example",
  phone: "(11) 3333-4444",
  whatsapp: "(11) 98888-7777",
  website: "https://cafe.example.com.br",
  city: "Campinas",
  state: "SP",
  sector: "alimentacao",
  summary: "O melhor café da cidade.",
  instagram: "@cafedoponto",
  facebook: "https://facebook.com/cafedoponto",
  linkedin: "cafe-do-ponto",
  youtube: "https://youtube.com/@cafedoponto",
  tiktok: "@cafe.do_ponto",
  x: "cafedoponto",
  googleReviewUrl: "https://g.page/r/cafedoponto/review",
  ...overrides,
});

const load = async (cookie = shop.cookie) => {
  const res = await t.request("/api/company/data", { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as CompanyData;
};

const save = (body: unknown, cookie = shop.cookie, path = "/api/company/data") =>
  t.request(path, { method: "PUT", cookie, body });

function upload(
  bytes: Uint8Array<ArrayBuffer>,
  cookie = shop.cookie,
  name = "logo.png",
  type = "image/png",
) {
  const form = new FormData();
  form.set("file", new File([bytes], name, { type }));
  return t.app.request(
    "/api/company/logo",
    { method: "POST", headers: { origin: TEST_APP_URL, cookie }, body: form },
    { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
  );
}

const errorOf = async (res: Response) => ((await res.json()) as ApiErrorBody).error;

describe("/dados-empresa data", () => {
  it("loads what the company gave at sign-up", async () => {
    expect(await load()).toMatchObject({
      id: shop.companyId,
      tradeName: "Café do Ponto",
      email: "dono@cafe.example",
      city: "São Paulo",
      state: "SP",
      sector: "alimentacao",
      instagram: null,
      logoUrl: null,
    });
  });

  it("saves every field and loads them back; a bare domain gets https://, case of UF fixed", async () => {
    const before = await load();
    // (city and state may change once in 30 days: only the city changes here, the UF's case is fixed)
    const res = await save(fullInput({ website: "www.cafe.example.com.br", state: "sp" }));
    expect(res.status).toBe(200);
    const again = await load();
    expect(again).toMatchObject({
      ...fullInput(),
      website: "https://www.cafe.example.com.br",
      state: "SP",
    });
    expect(new Date(again.updatedAt).getTime()).toBeGreaterThan(
      new Date(before.updatedAt).getTime(),
    );
    // The panel (and customers) see the new name.
    const me = (await (await t.request("/api/me", { cookie: shop.cookie })).json()) as Me;
    expect(me.company?.tradeName).toBe("Café do Ponto Gourmet");
  });

  it("an empty text clears the field", async () => {
    expect((await save(fullInput({ instagram: "", website: "  ", summary: "" }))).status).toBe(200);
    expect(await load()).toMatchObject({ instagram: null, website: null, summary: null });
  });

  it.each([
    ["facebook", "http//facebook.com/cafe", "social_link_invalid"],
    ["instagram", "café do ponto", "social_link_invalid"],
    ["tiktok", "javascript:alert(1)", "social_link_invalid"],
    ["youtube", "ftp://youtube.com/cafe", "social_link_invalid"],
    ["googleReviewUrl", "@cafedoponto", "review_link_invalid"],
    ["website", "not a site", "website_invalid"],
    ["state", "SPX", "state_invalid"],
    ["state", "XX", "state_invalid"],
    ["tradeName", "   ", "company_name_required"],
    ["email", "contato@", "email_invalid"],
    ["phone", "ligue já", "phone_invalid"],
    ["sector", "", "sector_required"],
  ] as const)("refuses %s = %j (%s) and changes nothing", async (field, value, message) => {
    const before = await load();
    const res = await save(fullInput({ [field]: value }));
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("validation_failed");
    expect(error.fields).toEqual({ [field]: message });
    expect(await load()).toEqual(before);
  });

  it("refuses a body without the required trade name", async () => {
    const { tradeName: _, ...rest } = fullInput();
    const res = await save(rest);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toHaveProperty("tradeName");
  });
});

describe("/dados-usuario data", () => {
  it("saves the company name, social links and review link, and leaves the rest alone", async () => {
    await save(fullInput());
    const res = await save(
      {
        tradeName: "Café do Ponto",
        instagram: "https://instagram.com/cafedoponto",
        facebook: "",
        linkedin: "@cafe",
        youtube: "",
        tiktok: "cafe_tt",
        googleReviewUrl: "https://g.page/r/novo/review",
        x: "ignored",
        website: "https://ignored.example.com",
      },
      shop.cookie,
      "/api/company/user-data",
    );
    expect(res.status).toBe(200);
    expect(await load()).toMatchObject({
      tradeName: "Café do Ponto",
      instagram: "https://instagram.com/cafedoponto",
      facebook: null,
      linkedin: "@cafe",
      youtube: null,
      tiktok: "cafe_tt",
      googleReviewUrl: "https://g.page/r/novo/review",
      // not fields of this page
      x: "cafedoponto",
      website: "https://cafe.example.com.br",
      city: "Campinas",
    });
  });

  it("validates like /dados-empresa", async () => {
    const res = await save(
      { tradeName: "", instagram: "no spaces allowed", googleReviewUrl: "x" },
      shop.cookie,
      "/api/company/user-data",
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toMatchObject({
      tradeName: "company_name_required",
      instagram: "social_link_invalid",
      googleReviewUrl: "review_link_invalid",
    });
  });
});

describe("logo", () => {
  let firstUrl: string;

  it("accepts a PNG and serves it publicly with its type and cache headers", async () => {
    const res = await upload(PNG);
    expect(res.status).toBe(200);
    const { logoUrl } = (await res.json()) as { logoUrl: string };
    firstUrl = logoUrl;
    expect(logoUrl).toMatch(new RegExp(`^/api/companies/${shop.companyId}/logo\\?v=`));
    expect((await load()).logoUrl).toBe(logoUrl);

    // No session needed: customers and visitors see it.
    const image = await t.request(logoUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);

    // Revalidation by ETag.
    const etag = image.headers.get("etag")!;
    const again = await t.request(logoUrl, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);

    // Without the version it is cached briefly only.
    const unversioned = await t.request(`/api/companies/${shop.companyId}/logo`);
    expect(unversioned.status).toBe(200);
    expect(unversioned.headers.get("cache-control")).toBe("public, max-age=300");

    // The panel and the customer pages get the same URL.
    const me = (await (await t.request("/api/me", { cookie: shop.cookie })).json()) as Me;
    expect(me.company?.logoUrl).toBe(logoUrl);
    const pub = (await (
      await t.request(`/api/companies/${shop.companyId}/public`)
    ).json()) as PublicCompany;
    expect(pub.logoUrl).toBe(logoUrl);
  });

  it("refuses a text file named .png (the content decides) and keeps the logo", async () => {
    const res = await upload(new TextEncoder().encode("not an image at all"), shop.cookie);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("file_type_invalid");
    expect((await load()).logoUrl).toBe(firstUrl);
  });

  it("refuses a PDF (not an image)", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.4\n%fake");
    const res = await upload(pdf, shop.cookie, "logo.pdf", "application/pdf");
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("file_type_invalid");
  });

  it("refuses an image over 2 MB", async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect((await errorOf(res)).code).toBe("file_too_large");

    const huge = new Uint8Array(3 * 1024 * 1024);
    huge.set(PNG);
    const refused = await upload(huge);
    expect(refused.status).toBe(413);
    expect((await load()).logoUrl).toBe(firstUrl);
  });

  it("refuses a request without the file", async () => {
    const res = await t.app.request(
      "/api/company/logo",
      {
        method: "POST",
        headers: { origin: TEST_APP_URL, cookie: shop.cookie },
        body: new FormData(),
      },
      { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields).toEqual({ file: "logo_required" });
  });

  it("replacing the logo removes the old file", async () => {
    const oldFileId = new URL(firstUrl, TEST_APP_URL).searchParams.get("v")!;
    const res = await upload(GIF, shop.cookie, "logo.gif", "image/gif");
    expect(res.status).toBe(200);
    const { logoUrl } = (await res.json()) as { logoUrl: string };
    expect(logoUrl).not.toBe(firstUrl);

    const image = await t.request(logoUrl);
    expect(image.headers.get("content-type")).toBe("image/gif");
    expect(await t.db.select({ id: files.id }).from(files).where(eq(files.id, oldFileId))).toEqual(
      [],
    );
    const kept = await t.db
      .select({ id: files.id })
      .from(files)
      .where(eq(files.companyId, shop.companyId));
    expect(kept.map((f) => f.id)).toEqual([new URL(logoUrl, TEST_APP_URL).searchParams.get("v")]);
    firstUrl = logoUrl;
  });

  it("a company without a logo, or an unknown company, has none to serve", async () => {
    expect((await t.request(`/api/companies/${other.companyId}/logo`)).status).toBe(404);
    expect((await t.request("/api/companies/nope/logo")).status).toBe(404);
  });
});

describe("isolation and roles", () => {
  it("another company reads and writes only its own data and logo", async () => {
    const mine = await load();
    const theirs = await load(other.cookie);
    expect(theirs.id).toBe(other.companyId);
    expect(theirs.tradeName).toBe("Padaria Outra");
    expect(theirs.logoUrl).toBeNull();

    expect((await save(fullInput({ tradeName: "Invasor" }), other.cookie)).status).toBe(200);
    expect(
      (
        await save(
          { tradeName: "Invasor 2", instagram: "", facebook: "", linkedin: "", youtube: "" },
          other.cookie,
          "/api/company/user-data",
        )
      ).status,
    ).toBe(400); // tiktok and googleReviewUrl missing
    expect((await upload(PNG, other.cookie)).status).toBe(200);

    expect(await load()).toEqual(mine);
    expect((await load(other.cookie)).logoUrl).toMatch(`/api/companies/${other.companyId}/logo`);
    // The other company's file is not served under this company's URL.
    const otherFile = new URL((await load(other.cookie)).logoUrl!, TEST_APP_URL).searchParams.get(
      "v",
    );
    const crossed = await t.request(`/api/companies/${shop.companyId}/logo?v=${otherFile}`);
    expect(crossed.headers.get("etag")).not.toBe(`"${otherFile}"`);
  });

  it("a customer gets 403 and a visitor 401 on every write and on the data", async () => {
    for (const cookie of [ana.cookie, ""]) {
      const status = cookie ? 403 : 401;
      expect((await t.request("/api/company/data", { cookie })).status).toBe(status);
      expect((await save(fullInput(), cookie)).status).toBe(status);
      expect(
        (
          await save(
            {
              tradeName: "X",
              instagram: "",
              facebook: "",
              linkedin: "",
              youtube: "",
              tiktok: "",
              googleReviewUrl: "",
            },
            cookie,
            "/api/company/user-data",
          )
        ).status,
      ).toBe(status);
      expect((await upload(PNG, cookie)).status).toBe(status);
    }
    expect((await load()).tradeName).toBe("Café do Ponto");
  });
});

describe("brand colour", () => {
  /** What /dados-empresa sends back for the data it loaded, with `changes` (city, state, sector kept). */
  const unchanged = (data: CompanyData, changes: Record<string, unknown> = {}) => ({
    tradeName: data.tradeName,
    email: data.email ?? "",
    phone: data.phone ?? "",
    whatsapp: data.whatsapp ?? "",
    website: data.website ?? "",
    city: data.city ?? "",
    state: data.state ?? "",
    sector: data.sector ?? "",
    summary: data.summary ?? "",
    instagram: data.instagram ?? "",
    facebook: data.facebook ?? "",
    linkedin: data.linkedin ?? "",
    youtube: data.youtube ?? "",
    tiktok: data.tiktok ?? "",
    x: data.x ?? "",
    googleReviewUrl: data.googleReviewUrl ?? "",
    ...changes,
  });

  it("starts empty (the app's default colour)", async () => {
    expect((await load(other.cookie)).brandColor).toBeNull();
  });

  it("saves a '#rrggbb' colour (stored lower-case) with the other data; another company keeps its own", async () => {
    const otherBefore = await load(other.cookie);
    const res = await save(unchanged(await load(), { brandColor: "#7C3AED" }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as CompanyData).brandColor).toBe("#7c3aed");
    expect((await load()).brandColor).toBe("#7c3aed");
    expect(await load(other.cookie)).toEqual(otherBefore);
  });

  it("a body without the colour leaves it as it is", async () => {
    const res = await save(unchanged(await load(), { summary: "Sem mudar a cor." }));
    expect(res.status).toBe(200);
    expect(await load()).toMatchObject({ summary: "Sem mudar a cor.", brandColor: "#7c3aed" });
  });

  it.each(["7c3aed", "#7c3ae", "#7c3aedff", "#gggggg", "red", "rgb(1,2,3)", "#fff"])(
    "refuses %j with 400 validation_failed and keeps the colour",
    async (value) => {
      const before = await load();
      const res = await save(unchanged(before, { brandColor: value }));
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("validation_failed");
      expect(error.fields).toEqual({ brandColor: "brand_color_invalid" });
      expect(await load()).toEqual(before);
    },
  );

  it.each(["", null])("%j goes back to the default colour", async (value) => {
    expect((await save(unchanged(await load(), { brandColor: "#123456" }))).status).toBe(200);
    const res = await save(unchanged(await load(), { brandColor: value }));
    expect(res.status).toBe(200);
    expect((await load()).brandColor).toBeNull();
  });

  it("another company's colour is never changed by this company's save", async () => {
    expect(
      (await save(unchanged(await load(other.cookie), { brandColor: "#0f766e" }), other.cookie))
        .status,
    ).toBe(200);
    expect((await save(unchanged(await load(), { brandColor: "#be123c" }))).status).toBe(200);
    expect((await load(other.cookie)).brandColor).toBe("#0f766e");
    expect((await load()).brandColor).toBe("#be123c");
  });

  it("a customer cannot set a colour (403)", async () => {
    const res = await save(unchanged(await load(), { brandColor: "#000000" }), ana.cookie);
    expect(res.status).toBe(403);
    expect((await load()).brandColor).toBe("#be123c");
  });
});
