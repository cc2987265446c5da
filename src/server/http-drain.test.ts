import { Agent, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterEach, describe, expect, it } from "vitest";
import { drainable } from "./http-drain";

/**
 * The shutdown under keep-alive load (issue 29, item 13): clients that keep reusing their sockets
 * no longer hold the server open until its 10 s limit.
 */
let server: Server | undefined;
let agent: Agent | undefined;
afterEach(() => {
  agent?.destroy();
  server?.closeAllConnections();
  server?.close();
  server = agent = undefined;
});

/** Requests the test server is answering now. */
let answering = 0;

/** A server as server.ts makes it (hono's node server, 65 s keep-alive), answering after `ms`. */
async function start(ms: (path: string) => number) {
  const started = serve({
    fetch: async (req) => {
      answering += 1;
      await new Promise((resolve) => setTimeout(resolve, ms(new URL(req.url).pathname)));
      answering -= 1;
      return new Response("ok");
    },
    port: 0,
  }) as Server;
  await new Promise<void>((resolve) => started.once("listening", () => resolve()));
  started.keepAliveTimeout = 65_000;
  server = started;
  return { drain: drainable(started), port: (started.address() as AddressInfo).port };
}

type Answer = { connection: string | undefined } | { error: string };

function get(port: string | number, path: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve({ connection: res.headers.connection }));
    });
    req.on("error", (error) => resolve({ error: error.message }));
    req.end();
  });
}

describe("closing the HTTP server under keep-alive load", () => {
  it("closes within the drain while clients keep reusing their sockets, answering Connection: close", async () => {
    const { drain, port } = await start(() => 20);
    agent = new Agent({ keepAlive: true, maxSockets: 4 });
    let stop = false;
    const answers: { at: number; answer: Answer }[] = [];
    // Four clients that send a new request on their socket as soon as the last one is answered.
    const clients = Array.from({ length: 4 }, async () => {
      while (!stop) {
        const answer = await get(port, "/");
        answers.push({ at: Date.now(), answer });
        if ("error" in answer) return;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answers.length).toBeGreaterThan(4);
    expect(
      answers.every((a) => "connection" in a.answer && a.answer.connection === "keep-alive"),
    ).toBe(true);

    // Draining starts while a request is being answered (under load, all four could be between
    // requests at that instant, and an idle socket is closed without an answer to carry the header).
    while (answering === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    const from = Date.now();
    await drain.close(2_000);
    const took = Date.now() - from;
    stop = true;
    await Promise.all(clients);
    // Well before the 10 s limit (and the 65 s keep-alive), without cutting anyone off.
    expect(took).toBeLessThan(1_500);
    const after = answers.filter((a) => a.at >= from).map((a) => a.answer);
    expect(after.some((a) => "connection" in a && a.connection === "close")).toBe(true);
  }, 20_000);

  it("answers a request in flight when draining starts, then closes; a slower one is cut after the drain", async () => {
    const { drain, port } = await start((path) => (path === "/lento" ? 30_000 : 300));
    agent = new Agent({ keepAlive: true });
    const inFlight = get(port, "/");
    const slow = get(port, "/lento");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const from = Date.now();
    await drain.close(1_000);
    const took = Date.now() - from;
    expect(await inFlight).toEqual({ connection: "close" });
    expect(await slow).toHaveProperty("error");
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(3_000);
  }, 20_000);
});
