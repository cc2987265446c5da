import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "../../errors";
import { createTestApp, type TestApp } from "../../test/test-app";
import {
  deleteFile,
  deleteFilesById,
  type FileKind,
  type FileWalkKey,
  nextCompanyFile,
  readFile,
  sniffContentType,
  storeFile,
} from "./files.service";

/**
 * The files module on a real database: uploads (receipts, logos) kept in the database, read back
 * byte for byte, removed only within their company. Serving them over HTTP is tested where they
 * are served: the logo in company-data.test.ts, receipts in claims/receipts.test.ts.
 */

let t: TestApp;
let shop: { cookie: string; companyId: string };
let other: { cookie: string; companyId: string };

const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);
const GIF = Uint8Array.from(
  Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64"),
);
const PDF = new TextEncoder().encode("%PDF-1.4\n%fake\n");
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

const IMAGES: FileKind[] = ["image/jpeg", "image/png", "image/gif"];

const store = (companyId: string, bytes: Uint8Array, allowed = IMAGES, maxBytes = 1024 * 1024) =>
  storeFile(t.db, { companyId, uploadedBy: "someone", bytes, allowed, maxBytes });

const refusal = async (promise: Promise<unknown>) => {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as AppError | null;
  return error && { code: error.code, status: error.status };
};

/** Every file id of the company, walked one at a time as the backup does. */
async function walk(companyId: string) {
  const ids: string[] = [];
  let after: FileWalkKey | null = null;
  for (;;) {
    const file = await nextCompanyFile(t.db, companyId, after);
    if (!file) return ids;
    ids.push(file.id);
    after = { createdAt: file.createdAt, id: file.id };
  }
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.companySession({ companyName: "Café do Ponto", email: "dono@cafe.example" });
  other = await t.companySession({ companyName: "Padaria Outra", email: "dono@padaria.example" });
});
afterAll(async () => {
  await t?.close();
});

describe("storing a file", () => {
  it("keeps the bytes exactly, with the type read from them, the size and the uploader", async () => {
    // Every byte value, so nothing is lost to an encoding on the way in or out.
    const bytes = new Uint8Array(70_000);
    bytes.set(PNG);
    for (let i = PNG.length; i < bytes.length; i++) bytes[i] = i % 256;
    const id = await storeFile(t.db, {
      companyId: shop.companyId,
      uploadedBy: "ana",
      bytes,
      allowed: IMAGES,
      maxBytes: 100_000,
    });
    const file = await readFile(t.db, id);
    expect(file).toMatchObject({
      id,
      companyId: shop.companyId,
      uploadedBy: "ana",
      contentType: "image/png",
      size: bytes.byteLength,
    });
    expect(new Uint8Array(file!.data)).toEqual(bytes);
  });

  it("tells the type from the content, never from a name", () => {
    expect(sniffContentType(PNG)).toBe("image/png");
    expect(sniffContentType(GIF)).toBe("image/gif");
    expect(sniffContentType(JPEG)).toBe("image/jpeg");
    // A WebP logo (issue 29): RIFF, its size, WEBP; a RIFF of another kind (a WAV) is not one.
    const riff = (kind: string) =>
      Uint8Array.from([
        ...new TextEncoder().encode("RIFF"),
        0x24,
        0,
        0,
        0,
        ...new TextEncoder().encode(kind),
      ]);
    expect(sniffContentType(riff("WEBPVP8 "))).toBe("image/webp");
    expect(sniffContentType(riff("WAVEfmt "))).toBeNull();
    expect(sniffContentType(PDF)).toBe("application/pdf");
    expect(sniffContentType(new TextEncoder().encode("just text"))).toBeNull();
  });

  it("refuses a type the caller does not accept, and a file over the limit", async () => {
    expect(await refusal(store(shop.companyId, PDF))).toEqual({
      code: "file_type_invalid",
      status: 400,
    });
    expect(await refusal(store(shop.companyId, new TextEncoder().encode("hello")))).toEqual({
      code: "file_type_invalid",
      status: 400,
    });
    const big = new Uint8Array(2049);
    big.set(PNG);
    expect(await refusal(store(shop.companyId, big, IMAGES, 2048))).toEqual({
      code: "file_too_large",
      status: 413,
    });
    // The same file is fine where it is accepted.
    expect(await refusal(store(shop.companyId, PDF, ["application/pdf"]))).toBeNull();
  });

  it("answers null for a file that does not exist", async () => {
    expect(await readFile(t.db, "no-such-file")).toBeNull();
  });
});

describe("removing files", () => {
  it("removes a company's file, and never another company's", async () => {
    const mine = await store(shop.companyId, GIF);
    const theirs = await store(other.companyId, GIF);

    await deleteFile(t.db, shop.companyId, theirs);
    expect(await readFile(t.db, theirs)).not.toBeNull();

    await deleteFile(t.db, shop.companyId, mine);
    expect(await readFile(t.db, mine)).toBeNull();
    // Already gone: nothing to do, no error.
    await deleteFile(t.db, shop.companyId, mine);
  });

  it("removes files by id for the retention job, counting what went", async () => {
    const a = await store(shop.companyId, PNG);
    const b = await store(other.companyId, PNG);
    const kept = await store(other.companyId, PNG);
    expect(await deleteFilesById(t.db, [a, b, "no-such-file"])).toBe(2);
    expect(await readFile(t.db, a)).toBeNull();
    expect(await readFile(t.db, b)).toBeNull();
    expect(await readFile(t.db, kept)).not.toBeNull();
    expect(await deleteFilesById(t.db, [])).toBe(0);
  });
});

describe("walking a company's files (the backup)", () => {
  it("gives every file of the company once, and none of another's", async () => {
    const company = await t.companySession({ companyName: "Loja", email: "dono@loja.example" });
    expect(await walk(company.companyId)).toEqual([]);
    const stored: string[] = [];
    for (let i = 0; i < 5; i++) stored.push(await store(company.companyId, i % 2 ? GIF : PNG));
    await store(other.companyId, PNG);

    // In creation order, ties (the same instant) by id: each file once, none skipped.
    const walked = await walk(company.companyId);
    expect(walked).toHaveLength(stored.length);
    expect([...walked].sort()).toEqual([...stored].sort());
    const first = await nextCompanyFile(t.db, company.companyId, null);
    expect(first?.id).toBe(walked[0]);
    expect(new Uint8Array(first!.data)).toEqual(first!.contentType === "image/png" ? PNG : GIF);
  });
});
