import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { QueuedStamp } from "./offline-queue";

/**
 * The offline counter's sender (issue 32, item 5): what leaves the queue, what stays, and under
 * whose session, against an in-memory IndexedDB and a scripted server.
 */

const rows = new Map<string, QueuedStamp>();
vi.mock("idb", () => ({
  openDB: async () => ({
    getAllFromIndex: async () => [...rows.values()].sort((a, b) => a.queuedAt - b.queuedAt),
    put: async (_store: string, value: QueuedStamp) => void rows.set(value.id, value),
    delete: async (_store: string, id: string) => void rows.delete(id),
  }),
}));
const { enqueueStamp, flushQueue, readQueue } = await import("./offline-queue");

const me = { userId: "user-1", companyId: "company-1" };
const someoneElse = { userId: "user-2", companyId: "company-1" };
const body = (code: string) => ({
  code,
  method: "purchase" as const,
  notes: "",
  quantity: 1,
  givenAt: "2026-03-14T13:20:00.000Z",
});

/** The server: GET /api/me answers `session`; each POST takes the next answer of `answers`. */
function server(
  answers: (Response | Error)[],
  session: Response = json(200, { user: { id: me.userId }, company: { id: me.companyId } }),
) {
  const posts: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path === "/api/me") return session;
      const headers = init?.headers as Record<string, string>;
      posts.push({ key: headers["Idempotency-Key"] ?? "", body: JSON.parse(String(init?.body)) });
      const answer = answers.shift();
      if (!answer || answer instanceof Error) throw answer ?? new TypeError("Failed to fetch");
      return answer;
    }),
  );
  return posts;
}
const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });
const refusal = (status: number, code: string) =>
  json(status, { error: { code, message: code, fields: { at: "2026-03-14T13:50:00.000Z" } } });

beforeEach(() => {
  rows.clear();
  // No other context to tell in this test.
  vi.stubGlobal("BroadcastChannel", undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("sending the offline queue", () => {
  it("sends the signed-in member's stamps in order with their keys: a 201 leaves, a refusal stays with its reason, another account's stamp is not sent", async () => {
    const first = await enqueueStamp({
      id: "key-1",
      owner: me,
      label: "K7Q-2MX",
      body: body("K7Q2MX"),
    });
    const second = await enqueueStamp({
      id: "key-2",
      owner: me,
      label: "K7Q-2MX",
      body: body("K7Q2MX"),
    });
    await enqueueStamp({ id: "key-3", owner: someoneElse, label: "ABC-DEF", body: body("ABCDEF") });
    const posts = server([json(201, {}), refusal(409, "stamp_too_soon")]);

    expect(await flushQueue()).toBe("done");
    expect(posts).toEqual([
      { key: first.id, body: first.body },
      { key: second.id, body: second.body },
    ]);
    const left = await readQueue();
    expect(left.map((stamp) => [stamp.id, stamp.status, stamp.refusal?.code])).toEqual([
      ["key-2", "refused", "stamp_too_soon"],
      ["key-3", "pending", undefined],
    ]);
    expect(left[0]?.refusal?.fields).toEqual({ at: "2026-03-14T13:50:00.000Z" });
  });

  it("keeps every stamp waiting, in order, when the connection fails or the server cannot answer now", async () => {
    await enqueueStamp({ id: "key-1", owner: me, label: "K7Q-2MX", body: body("K7Q2MX") });
    await enqueueStamp({ id: "key-2", owner: me, label: "K7Q-2MX", body: body("K7Q2MX") });
    for (const [answer, outcome] of [
      [new TypeError("Failed to fetch"), "offline"],
      [json(503, {}), "retry"],
      [refusal(429, "rate_limited"), "retry"],
      [refusal(401, "unauthenticated"), "retry"],
    ] as const) {
      const posts = server([answer]);
      expect(await flushQueue()).toBe(outcome);
      // The first stamp was tried and stays first: the second was not sent before it.
      expect(posts.map((post) => post.key)).toEqual(["key-1"]);
      expect((await readQueue()).map((stamp) => [stamp.id, stamp.status])).toEqual([
        ["key-1", "pending"],
        ["key-2", "pending"],
      ]);
    }
    // Then the connection is back: the same keys, once each.
    const posts = server([json(201, {}), json(201, {})]);
    expect(await flushQueue()).toBe("done");
    expect(posts.map((post) => post.key)).toEqual(["key-1", "key-2"]);
    expect(await readQueue()).toEqual([]);
  });

  it("sends nothing while no one is signed in", async () => {
    await enqueueStamp({ id: "key-1", owner: me, label: "K7Q-2MX", body: body("K7Q2MX") });
    const posts = server([], json(401, { error: { code: "unauthenticated", message: "" } }));
    expect(await flushQueue()).toBe("retry");
    expect(posts).toEqual([]);
    expect((await readQueue()).map((stamp) => stamp.status)).toEqual(["pending"]);
  });
});
