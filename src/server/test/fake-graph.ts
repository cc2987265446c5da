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
