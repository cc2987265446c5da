import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the fake Graph API received. */
export type GraphRequest = { path: string; authorization: string; body: Record<string, unknown> };
/** What the fake answers next (a queue; empty: `success(body)`). */
export type GraphReply = { status: number; body: unknown };

/**
 * A fake of Meta's Graph API on 127.0.0.1 for the channel tests (WhatsApp, Instagram): it keeps
 * every request it receives and answers what `replies` holds next, else `success(body)`.
 */
export async function startFakeGraph(success: (body: Record<string, unknown>) => unknown) {
  const requests: GraphRequest[] = [];
  const replies: GraphReply[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const body = JSON.parse(raw || "{}") as Record<string, unknown>;
      requests.push({
        path: req.url ?? "",
        authorization: req.headers.authorization ?? "",
        body,
      });
      const reply = replies.shift() ?? { status: 200, body: success(body) };
      res.writeHead(reply.status, { "content-type": "application/json" });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    /** The Graph API's base URL, as GRAPH_API_BASE_URL would be. */
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`,
    requests,
    replies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Meta's `X-Hub-Signature-256` of a webhook body signed with an app secret. */
export const metaSignature = (body: string, appSecret: string) =>
  `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;

/** Polls `probe` every 100 ms until it finds something (15 s at most): a channel job's effect. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | null | false>,
  what: string,
): Promise<T> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const found = await probe();
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
