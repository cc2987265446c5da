import { Hono } from "hono";
import { afterEach, describe, expect, it, vi } from "vitest";
import { slowRequests } from "./slow-requests";

describe("slowRequests", () => {
  afterEach(() => vi.restoreAllMocks());

  const app = (thresholdMs: number, delayMs: number) =>
    new Hono().use("*", slowRequests(thresholdMs)).get("/slow", async (c) => {
      await new Promise((r) => setTimeout(r, delayMs));
      return c.text("ok", 202);
    });

  it("logs a request over the threshold with its path and status, never the query", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await app(10, 30).request("/slow?token=secret");
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toMatch(/^Slow request: GET \/slow → 202 in \d+ ms$/);
    expect(line).not.toContain("secret");
  });

  it("says nothing about a fast request", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await app(1000, 0).request("/slow");
    expect(warn).not.toHaveBeenCalled();
  });
});
