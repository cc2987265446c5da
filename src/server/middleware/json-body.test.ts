import { connect } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BODY_LIMIT_BYTES } from "../app";
import { companyInput, createTestApp, TEST_APP_URL, type TestApp } from "../test/test-app";

// The JSON bodies read straight from Node's request (json-body.ts): only a real server has one.
let t: TestApp;
let server: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const post = (path: string, body: string) =>
  fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_APP_URL },
    body,
  });

/** A raw request (chunked: no Content-Length), and the answer's text. */
function raw(head: string, chunks: string[]) {
  return new Promise<string>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (d) => {
      answer += d.toString("latin1");
      if (answer.includes("\r\n\r\n") && /\r\n0\r\n\r\n$|"\}\}$/.test(answer)) socket.end();
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve(answer));
    socket.write(head);
    for (const chunk of chunks)
      socket.write(`${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`);
    socket.write("0\r\n\r\n");
  });
}

describe("a JSON body over real HTTP", () => {
  it("reaches the route: a company signs up", async () => {
    const res = await post("/api/accounts/company", JSON.stringify(companyInput()));
    expect(res.status).toBe(201);
  });

  it("is validated by the route's schema, field by field", async () => {
    const res = await post("/api/accounts/company", JSON.stringify(companyInput({ email: "x" })));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe("validation_failed");
    expect(Object.keys(body.error.fields)).toContain("email");
  });

  it("read with a byte-order mark, as before", async () => {
    const input = companyInput({ email: "bom@cafedoponto.com.br" });
    const res = await post("/api/accounts/company", `\uFEFF${JSON.stringify(input)}`);
    expect(res.status).toBe(201);
  });

  it("refuses malformed JSON with validation_failed, not a crash", async () => {
    const res = await post("/api/accounts/company", '{"email": ');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      "validation_failed",
    );
  });

  it("refuses a NUL character in a string, naming the field", async () => {
    const res = await post(
      "/api/accounts/company",
      JSON.stringify(companyInput({ companyName: "Café\u0000" })),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields)).toEqual(["companyName"]);
  });

  it("answers 413 to a body over the limit, by its Content-Length", async () => {
    const big = JSON.stringify({ ...companyInput(), pad: "a".repeat(API_BODY_LIMIT_BYTES) });
    const res = await post("/api/accounts/company", big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
      "payload_too_large",
    );
  });

  it("answers 413 to a chunked body that grows over the limit", async () => {
    const head =
      "POST /api/accounts/company HTTP/1.1\r\nHost: localhost\r\n" +
      `Origin: ${TEST_APP_URL}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunk = "a".repeat(16 * 1024);
    const answer = await raw(head, ['{"pad":"', ...Array(8).fill(chunk), '"}']);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"payload_too_large"');
  });
});
