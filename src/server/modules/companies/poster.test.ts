import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { companyJoinPath } from "@shared/company-links";
import type { ApiErrorBody } from "@shared/errors";
import type { Program } from "@shared/programs.schema";
import { eq } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { programs } from "../programs/programs.table";
import { companies } from "./companies.table";

/**
 * 'Baixar cartaz': the PDF is read back as a customer meets it: its words (pdfjs's text layer) and
 * its QR codes, rendered to pixels and decoded by zxing (the WebAssembly read from node_modules,
 * never from a CDN), on the A4 poster and on the A6 table card.
 */

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve("pdfjs-dist/package.json"));
const wasm = readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));

let t: TestApp;
let shop: { cookie: string; companyId: string };

/** A PNG logo: an orange square of 16 x 16. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAABHNCSVQICAgIfAhkiAAAAAFzUkdCAK7OHOkAAAAdSURBVDiNY/xZLPafgQLARInmUQNGDRg1YDAZAABrmQKhz46kowAAAABJRU5ErkJggg==",
  "base64",
);
/** A 1x1 GIF: a logo type the PDF cannot hold. */
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

async function uploadLogo(cookie: string, bytes: Uint8Array, type: string) {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], "logo", { type }));
  const res = await t.app.request(
    "/api/company/logo",
    { method: "POST", headers: { cookie, origin: TEST_APP_URL }, body: form },
    { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
  );
  expect(res.status).toBe(200);
}

async function defaultProgram(cookie: string): Promise<Program> {
  const list = (await (await t.request("/api/programs", { cookie })).json()) as Program[];
  const program = list.find((p) => p.isDefault);
  if (!program) throw new Error("no default programme");
  return program;
}

type CanvasFactory = {
  create(
    width: number,
    height: number,
  ): {
    canvas: { width: number; height: number };
    context: { getImageData(x: number, y: number, w: number, h: number): ImageData };
  };
};

type PageRead = { text: string; width: number; height: number; qr: string[]; corner: number[] };

/** Each page's text, size in points, decoded QR codes and the colour of its top-left corner. */
async function readPdf(bytes: Uint8Array): Promise<PageRead[]> {
  const doc = await getDocument({
    data: bytes,
    verbosity: 0,
    standardFontDataUrl: `${join(pdfjsRoot, "standard_fonts")}/`,
  }).promise;
  const pages: PageRead[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    const text = content.items
      .map((item) => ("str" in item ? item.str : ""))
      .join(" ")
      .replace(/\s+/g, " ");
    // About 110 dpi on the A4 page and 220 dpi on the A6: what a phone's camera sees, roughly.
    const viewport = page.getViewport({ scale: n === 1 ? 1.5 : 3 });
    // pdfjs's own canvas in Node (@napi-rs/canvas, its dependency).
    const { canvas, context } = (doc.canvasFactory as CanvasFactory).create(
      Math.ceil(viewport.width),
      Math.ceil(viewport.height),
    );
    await page.render({ canvasContext: context as never, viewport }).promise;
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const codes = await readBarcodes(image as unknown as ImageData, { formats: ["QRCode"] });
    const [width, height] = [page.view[2] ?? 0, page.view[3] ?? 0];
    pages.push({
      text,
      width,
      height,
      qr: codes.map((c) => c.text),
      corner: [...image.data.slice(0, 3)],
    });
  }
  await doc.destroy();
  return pages;
}

const posterDownloadedAt = async (companyId: string) =>
  (
    await t.db
      .select({ at: companies.posterDownloadedAt })
      .from(companies)
      .where(eq(companies.id, companyId))
  )[0]?.at ?? null;

beforeAll(async () => {
  await prepareZXingModule({
    overrides: {
      wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
    },
    fireImmediately: true,
  });
  t = await createTestApp();
  // An emoji in the name: the standard fonts have none, so it is left out rather than failing.
  shop = await t.companySession({ companyName: "Café ☕ São João", email: "dono@saojoao.example" });
  const program = await defaultProgram(shop.cookie);
  const res = await t.request(`/api/programs/${program.id}`, {
    method: "PUT",
    cookie: shop.cookie,
    body: { name: program.name, stampsRequired: 8, reward: "1 café expresso", description: "" },
  });
  expect(res.status).toBe(200);
  await t.db
    .update(companies)
    .set({ brandColor: "#0f766e" })
    .where(eq(companies.id, shop.companyId));
  await uploadLogo(shop.cookie, PNG, "image/png");
});
afterAll(async () => {
  await t?.close();
});

describe("GET /api/company/poster", () => {
  it("is a PDF with the reward, the name, the steps and a QR code of the join link on both pages", async () => {
    expect(await posterDownloadedAt(shop.companyId)).toBeNull();
    const res = await t.request("/api/company/poster", { cookie: shop.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="cartaz-cafe-sao-joao.pdf"',
    );
    expect(res.headers.get("x-poster-logo")).toBe("included");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");

    const [poster, tent, ...more] = await readPdf(bytes);
    expect(more).toEqual([]);
    const link = `${TEST_APP_URL}${companyJoinPath(shop.companyId)}`;
    const shortLink = `localhost:3999/e/${shop.companyId}`;
    for (const page of [poster, tent]) {
      expect(page?.text).toContain("Café São João");
      expect(page?.text).toMatch(/Junte 8 carimbos e ganhe 1 café expresso/);
      expect(page?.text).toContain("Aponte a câmera do celular para o QR code");
      expect(page?.text).toMatch(/Crie sua conta em segundos/);
      expect(page?.text).toMatch(/Ganhe carimbos a cada visita/);
      expect(page?.text).toContain(shortLink);
      expect(page?.qr).toEqual([link]);
      // The band at the top is the brand's colour (#0f766e).
      expect(page?.corner).toEqual([0x0f, 0x76, 0x6e]);
    }
    // A4 (210 x 297 mm) and A6 (105 x 148 mm), in points.
    expect([poster?.width ?? 0, poster?.height ?? 0].map(Math.round)).toEqual([595, 842]);
    expect([tent?.width ?? 0, tent?.height ?? 0].map(Math.round)).toEqual([298, 420]);
    // The setup checklist's 'print the poster' is ticked.
    expect(await posterDownloadedAt(shop.companyId)).toBeInstanceOf(Date);
  });

  it("is in English for an owner who chose English, and says when the logo could not go in", async () => {
    const owner = await t.companySession({
      companyName: "Corner Bakery",
      email: "owner@bakery.example",
    });
    expect(
      (
        await t.request("/api/me/appearance", {
          method: "PUT",
          cookie: owner.cookie,
          body: { theme: "light", language: "en" },
        })
      ).status,
    ).toBe(200);
    await uploadLogo(owner.cookie, GIF, "image/gif");
    const res = await t.request("/api/company/poster", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-poster-logo")).toBe("unsupported");
    const [poster] = await readPdf(new Uint8Array(await res.arrayBuffer()));
    expect(poster?.text).toMatch(/Collect \d+ stamps and get/);
    expect(poster?.text).toContain("Point your phone's camera at the QR code");
    expect(poster?.qr).toEqual([`${TEST_APP_URL}${companyJoinPath(owner.companyId)}`]);
  });

  it("asks for a loyalty card first when the company has none to advertise", async () => {
    const other = await t.companySession({
      companyName: "Sem Cartão",
      email: "dono@semcartao.example",
    });
    // The default programme cannot be archived through the API; one archived by hand stands for
    // a company whose programme is gone.
    await t.db
      .update(programs)
      .set({ archivedAt: new Date() })
      .where(eq(programs.companyId, other.companyId));
    const res = await t.request("/api/company/poster", { cookie: other.cookie });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ApiErrorBody).error.code).toBe("poster_program_required");
    expect(await posterDownloadedAt(other.companyId)).toBeNull();
  });

  it("needs a team member who sees the dashboard", async () => {
    expect((await t.request("/api/company/poster")).status).toBe(401);
    const attendant = await t.staffSession(shop.companyId, "attendant");
    const refused = await t.request("/api/company/poster", { cookie: attendant.cookie });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ApiErrorBody).error.code).toBe("role_forbidden");
    const manager = await t.staffSession(shop.companyId, "manager");
    expect((await t.request("/api/company/poster", { cookie: manager.cookie })).status).toBe(200);
    const customer = await t.customerSession({ email: "ana@poster.example" });
    expect((await t.request("/api/company/poster", { cookie: customer.cookie })).status).toBe(403);
  });
});

describe("GET /e/{companyId}", () => {
  it("sends the poster's short link on to the company's join link", async () => {
    const res = await t.request(`/e/${shop.companyId}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(companyJoinPath(shop.companyId));
    expect((await t.request("/e/%3Cscript%3E")).status).toBe(404);
  });
});
