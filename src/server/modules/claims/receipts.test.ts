import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { serve } from "@hono/node-server";
import type { CustomerCard } from "@shared/cards.schema";
import type { Claim } from "@shared/claims.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRetention } from "../../flows/retention";
import { errorCode } from "../../test/http";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { loyaltyCards } from "../cards/cards.table";
import { files } from "../files/files.table";
import { stamps } from "../stamps/stamps.table";
import { RECEIPT_RATE_LIMIT } from "./claims.routes";

let t: TestApp;
let shop: { cookie: string; companyId: string };
let server: ReturnType<typeof serve>;
let base: string;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
let customerCount = 0;

/** A new signed-in customer of the shop and their card. */
async function customer() {
  const n = customerCount++;
  const c = await t.customerSession({
    email: `recibo${n}@example.com`,
    origin: { empresa_id: shop.companyId },
  });
  const cards = (await (
    await t.request("/api/me/cards", { cookie: c.cookie })
  ).json()) as CustomerCard[];
  return { ...c, cardId: cards[0]!.id };
}

function upload(cookie: string, cardId: string, bytes: Uint8Array<ArrayBuffer> = PNG) {
  const form = new FormData();
  form.set("file", new File([bytes], "nota.png"));
  return t.app.request(
    `/api/me/cards/${cardId}/claims/receipt`,
    { method: "POST", body: form, headers: { origin: TEST_APP_URL, cookie } },
    { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
  );
}

/** An upload whose body never ends: only a route that answers before reading it can answer. */
async function uploadThatNeverEnds(cookie: string, cardId: string) {
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      if (pulls === 1) {
        controller.enqueue(
          new TextEncoder().encode(
            '--b\r\nContent-Disposition: form-data; name="file"; filename="n.png"\r\n\r\n',
          ),
        );
      }
      return new Promise(() => {}); // and then nothing, ever
    },
  });
  const res = await t.app.request(
    `/api/me/cards/${cardId}/claims/receipt`,
    {
      method: "POST",
      body,
      headers: {
        origin: TEST_APP_URL,
        cookie,
        "content-type": "multipart/form-data; boundary=b",
      },
      duplex: "half",
    } as RequestInit,
    { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
  );
  return { res, pulls };
}

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.companySession({ companyName: "Loja do Recibo", email: "recibo@loja.com" });
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  server?.close();
  await t?.close();
});

describe("receipt uploads", () => {
  it(`are limited to ${RECEIPT_RATE_LIMIT.max} an hour per customer (429 rate_limited)`, async () => {
    const ana = await customer();
    const first = await upload(ana.cookie, ana.cardId);
    expect(first.status).toBe(201);
    for (let i = 1; i < RECEIPT_RATE_LIMIT.max; i++) {
      expect((await upload(ana.cookie, ana.cardId)).status).toBe(409); // one already waiting
    }
    const over = await upload(ana.cookie, ana.cardId);
    expect(over.status).toBe(429);
    expect(await errorCode(over)).toBe("rate_limited");
    expect(over.headers.get("retry-after")).toBe(String(RECEIPT_RATE_LIMIT.windowSeconds));

    // Another customer is not held back.
    const bia = await customer();
    expect((await upload(bia.cookie, bia.cardId)).status).toBe(201);
  });

  it("refuses a claim that would be refused before reading the file", async () => {
    const caio = await customer();
    expect((await upload(caio.cookie, caio.cardId)).status).toBe(201);
    const pending = await uploadThatNeverEnds(caio.cookie, caio.cardId);
    expect(pending.res.status).toBe(409);
    expect(await errorCode(pending.res)).toBe("claim_pending");
    expect(pending.pulls).toBeLessThanOrEqual(1);

    const duda = await customer();
    await t.db
      .update(loyaltyCards)
      .set({ status: "complete" })
      .where(eq(loyaltyCards.id, duda.cardId));
    const complete = await uploadThatNeverEnds(duda.cookie, duda.cardId);
    expect(complete.res.status).toBe(409);
    expect(await errorCode(complete.res)).toBe("card_complete");

    const other = await uploadThatNeverEnds(duda.cookie, caio.cardId);
    expect(other.res.status).toBe(404);
    const before = await t.db.select({ id: files.id }).from(files);
    expect(before.length).toBeGreaterThan(0);
  });

  it("answers a NUL in a text field of the form with validation_failed", async () => {
    const eva = await customer();
    const form = new FormData();
    form.set("file", new File([PNG], "nota.png"));
    form.set("note", "a\u0000b");
    const res = await t.app.request(
      `/api/me/cards/${eva.cardId}/claims/receipt`,
      { method: "POST", body: form, headers: { origin: TEST_APP_URL, cookie: eva.cookie } },
      { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: "validation_failed", fields: { note: "text_invalid" } },
    });
  });

  it("keeps the bytes as they were sent (stored and served back)", async () => {
    const fabio = await customer();
    const bytes = new Uint8Array(300_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    bytes.set(PNG.subarray(0, 8));
    const res = await upload(fabio.cookie, fabio.cardId, bytes);
    expect(res.status).toBe(201);
    const claim = (await res.json()) as Claim;
    const file = await t.request(`/api/claims/${claim.id}/receipt`, { cookie: shop.cookie });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });
});

/** Sends a request over a raw socket and returns what the server answered (all of it). */
function rawUpload(head: string, bodyBytes: number, chunked: boolean) {
  return new Promise<{ answer: string; error?: string }>((resolve) => {
    const url = new URL(base);
    const socket = connect(Number(url.port), url.hostname);
    let answer = "";
    let error: string | undefined;
    socket.on("data", (d) => {
      answer += d.toString("latin1");
    });
    socket.on("error", (e) => {
      error = e.message;
    });
    socket.on("close", () => resolve({ answer, error }));
    socket.write(head);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < bodyBytes && !socket.destroyed) {
        sent += chunk.length;
        const data = chunked
          ? Buffer.concat([
              Buffer.from(`${chunk.length.toString(16)}\r\n`),
              chunk,
              Buffer.from("\r\n"),
            ])
          : chunk;
        if (!socket.write(data)) {
          socket.once("drain", pump);
          return;
        }
      }
      if (socket.destroyed) return;
      if (chunked) socket.end("0\r\n\r\n");
      else socket.end();
    };
    pump();
  });
}

describe("an upload over the limit, over real HTTP", () => {
  const TEN_MB = 10 * 1024 * 1024;
  const headFor = async (length: string) => {
    const gil = await customer();
    return (
      `POST /api/me/cards/${gil.cardId}/claims/receipt HTTP/1.1\r\nHost: localhost\r\n` +
      `Origin: ${TEST_APP_URL}\r\nCookie: ${gil.cookie}\r\n` +
      `Content-Type: multipart/form-data; boundary=b\r\n${length}\r\n`
    );
  };

  it("gets its 413 with a Content-Length of 10 MB", async () => {
    const { answer } = await rawUpload(
      await headFor(`Content-Length: ${TEN_MB}\r\n`),
      TEN_MB,
      false,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"payload_too_large"');
  });

  it("gets its 413 when chunked, without Content-Length", async () => {
    const { answer } = await rawUpload(
      await headFor("Transfer-Encoding: chunked\r\n"),
      TEN_MB,
      true,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"payload_too_large"');
  });

  it("reaches fetch() as a 413 answer, not a broken connection", async () => {
    const hugo = await customer();
    const form = new FormData();
    form.set("file", new File([new Uint8Array(TEN_MB)], "nota.png"));
    const res = await fetch(`${base}/api/me/cards/${hugo.cardId}/claims/receipt`, {
      method: "POST",
      body: form,
      headers: { origin: TEST_APP_URL, cookie: hugo.cookie },
    });
    expect(res.status).toBe(413);
    expect(await errorCode(res)).toBe("payload_too_large");
    // and the JSON API's own limit the same way
    const json = await fetch(`${base}/api/accounts/customer`, {
      method: "POST",
      body: JSON.stringify({ name: "x".repeat(TEN_MB) }),
      headers: { origin: TEST_APP_URL, "content-type": "application/json" },
    });
    expect(json.status).toBe(413);
  });
});

describe("rejected claims' receipts", () => {
  it("are removed 30 days after the rejection; the claim stays", async () => {
    const ivo = await customer();
    const res = await upload(ivo.cookie, ivo.cardId);
    const claim = (await res.json()) as Claim;
    const rejected = await t.request(`/api/claims/${claim.id}/reject`, {
      cookie: shop.cookie,
      body: { reason: "Nota ilegível" },
    });
    expect(rejected.status).toBe(200);
    const [row] = await t.db.select().from(stamps).where(eq(stamps.id, claim.id));
    const fileId = row!.fileId!;
    expect(fileId).toBeTruthy();

    // A pending claim's receipt, however old, stays.
    const jo = await customer();
    const pending = (await (await upload(jo.cookie, jo.cardId)).json()) as Claim;

    const day = (d: number) => new Date(row!.reviewedAt!.getTime() + d * 24 * 60 * 60 * 1000);
    const early = await runRetention(t.db, day(29));
    expect(early).toMatchObject({ ran: true, rejectedReceipts: 0 });
    expect(await t.db.select().from(files).where(eq(files.id, fileId))).toHaveLength(1);

    const late = await runRetention(t.db, day(31));
    expect(late).toMatchObject({ ran: true, rejectedReceipts: 1 });
    expect(await t.db.select().from(files).where(eq(files.id, fileId))).toHaveLength(0);
    const [after] = await t.db.select().from(stamps).where(eq(stamps.id, claim.id));
    expect(after).toMatchObject({
      status: "rejected",
      fileId: null,
      rejectionReason: "Nota ilegível",
    });
    const mine = (await (
      await t.request("/api/me/claims", { cookie: ivo.cookie })
    ).json()) as Claim[];
    expect(mine.find((k) => k.id === claim.id)).toMatchObject({ hasReceipt: false });
    const [stillPending] = await t.db.select().from(stamps).where(eq(stamps.id, pending.id));
    expect(stillPending!.fileId).toBeTruthy();
  });
});
