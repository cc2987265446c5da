import { Readable } from "node:stream";
import { Hono } from "hono";
import { validator } from "hono/validator";
import { describe, expect, it } from "vitest";
import { jsonBody } from "./json-body";

// json-body.ts writes Hono's private body cache (`c.req.bodyCache`), which Hono reads before the
// request's own body (decision 019). Should an upgrade of hono move or rename it, these tests say
// so, instead of every JSON route reading an empty body.
const changed = (what: string) =>
  `hono changed ${what}, which middleware/json-body.ts relies on (decisions 019 and 025): adapt cacheBody to it`;

const app = new Hono<{ Bindings: { incoming: Readable } }>();
app.use(
  "*",
  jsonBody(1024, async () => {
    throw new Error("json-body.ts sent this request to its fallback: it read nothing");
  }),
);
app.post("/read", async (c) =>
  c.json({
    cache: typeof (c.req as unknown as { bodyCache?: unknown }).bodyCache,
    json: await c.req.json(),
    text: await c.req.text(),
    bytes: (await c.req.arrayBuffer()).byteLength,
  }),
);
app.post(
  "/validated",
  validator("json", (value) => value),
  (c) => c.json({ json: c.req.valid("json") }),
);

/** A JSON request whose web body differs from what Node's request (the socket) carries. */
const send = (path: string, fromNode: string) =>
  app.request(
    path,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ from: "the web request" }),
    },
    { incoming: Readable.from([Buffer.from(fromNode)]) },
  );

describe("Hono's body cache, as json-body.ts fills it", () => {
  const fromNode = JSON.stringify({ from: "node", name: "Café" });

  it("is where the route's json(), text() and arrayBuffer() read the body", async () => {
    const res = await send("/read", fromNode);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.cache, changed("where HonoRequest keeps its body cache (bodyCache)")).toBe(
      "object",
    );
    expect(body.json, changed("what c.req.json() reads first (bodyCache.text)")).toEqual(
      JSON.parse(fromNode),
    );
    expect(body.text, changed("what c.req.text() reads first (bodyCache.text)")).toBe(fromNode);
    expect(body.bytes, changed("what c.req.arrayBuffer() reads first")).toBe(
      Buffer.byteLength(fromNode),
    );
  });

  it("is what the routes' JSON validators read", async () => {
    const res = await send("/validated", fromNode);
    expect(
      ((await res.json()) as { json: unknown }).json,
      changed("what validator('json') reads"),
    ).toEqual(JSON.parse(fromNode));
  });
});
