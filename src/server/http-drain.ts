/**
 * How the HTTP server stops under keep-alive load (issue 29, item 13): `server.close()` alone
 * waits for every connection to end, and a client (or proxy) that keeps reusing its keep-alive
 * socket never lets it, so the shutdown used to hit its 10 s limit, exit 1 and leave DATA_DIR's
 * lock file. Once draining starts, every answer (those in flight included) says
 * `Connection: close`, so Node closes each socket after its answer; idle sockets close at once;
 * whatever is still open after `drainMs` (a slow request, a client that ignores the header) is
 * closed then.
 */
import type { Server, ServerResponse } from "node:http";

export function drainable(server: Server) {
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };
  // First of the request listeners: before the app's handler can write the headers.
  server.prependListener("request", (_req, res: ServerResponse) => {
    if (draining) return closeAfter(res);
    inFlight.add(res);
    res.on("close", () => inFlight.delete(res));
  });

  return {
    /** Stops accepting connections and resolves once every one is closed (at most ≈ `drainMs`). */
    close(drainMs: number): Promise<void> {
      draining = true;
      for (const res of inFlight) closeAfter(res);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const cut = setTimeout(() => server.closeAllConnections(), drainMs);
      cut.unref();
      return closed.finally(() => clearTimeout(cut));
    },
  };
}
