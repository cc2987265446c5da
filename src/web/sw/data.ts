/// <reference lib="webworker" />
import type { StrategyOptions } from "workbox-strategies";
import { CONNECTION_MESSAGE, type ConnectionMessage } from "../features/pwa/messages";

declare const self: ServiceWorkerGlobalScope;

type WorkboxPlugin = NonNullable<StrategyOptions["plugins"]>[number];

/**
 * The customer's last answers, kept for offline (decision 036): GET /api/me (who is signed in)
 * and the GETs under /api/me/ the customer's pages read (cards, a company's page, the counter
 * code, notices…), asked of the network first and answered from here when it fails. The
 * fingerprint the card pages poll every second (/api/me/cards/version) is not kept: it would be
 * rewritten every second, and an old one means nothing.
 *
 * One user's data must never show to another on a shared phone. The cache holds one user's
 * answers only: it is emptied when someone signs in or out (sw.ts), when the server says nobody
 * is signed in (401 on /api/me), and when /api/me names another user than the one whose answers
 * are kept.
 */
export const DATA_CACHE = "carimbou-data";

const NOT_KEPT = new Set(["/api/me/cards/version"]);

export const isCustomerData = (pathname: string) =>
  pathname.startsWith("/api/me/") && !NOT_KEPT.has(pathname);

/**
 * Bumped each time the kept answers are forgotten: an answer to a request sent before (still on
 * its way when the customer signed out) must not be written back into the emptied cache.
 */
let generation = 0;

export const forgetCustomerData = () => {
  generation++;
  return caches.delete(DATA_CACHE);
};

/** Tells the page that asked whether its data came from the network or, offline, from here. */
async function tell(clientId: string | undefined, message: ConnectionMessage) {
  const client = clientId ? await self.clients.get(clientId) : undefined;
  client?.postMessage(message);
}

const clientOf = (event: ExtendableEvent | undefined) =>
  event && "clientId" in event ? (event as FetchEvent).clientId : undefined;

/**
 * Keeps only full answers (200), and tells the page when it is shown a kept one (with the time
 * the server sent it, its Date header) or when the network failed.
 */
export const customerDataPlugin: WorkboxPlugin = {
  requestWillFetch: async ({ request, state }) => {
    if (state) state.generation = generation;
    return request;
  },
  cacheWillUpdate: async ({ response, state }) =>
    response.status === 200 && state?.generation === generation ? response : null,
  fetchDidFail: async ({ event }) => {
    await tell(clientOf(event), { type: CONNECTION_MESSAGE, online: false, dataAt: null });
  },
  fetchDidSucceed: async ({ event, response }) => {
    await tell(clientOf(event), { type: CONNECTION_MESSAGE, online: true, dataAt: null });
    return response;
  },
  cachedResponseWillBeUsed: async ({ event, cachedResponse }) => {
    if (cachedResponse) {
      const date = cachedResponse.headers.get("Date");
      const dataAt = date ? new Date(date).toISOString() : null;
      await tell(clientOf(event), { type: CONNECTION_MESSAGE, online: false, dataAt });
    }
    return cachedResponse;
  },
};

/** The id of the user whose answers the cache holds (from the kept /api/me), or null. */
async function keptUserId(): Promise<string | null> {
  const kept = await (await caches.open(DATA_CACHE)).match("/api/me");
  return kept ? userIdOf(kept) : null;
}

async function userIdOf(response: Response): Promise<string | null> {
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { user?: { id?: unknown } } | null;
  return typeof body?.user?.id === "string" ? body.user.id : null;
}

/**
 * /api/me: as the other answers, and from the network it says who is signed in: the kept answers
 * go when nobody, or somebody else, is (this answer, the new user's, is then the first kept).
 */
export const signedInUserPlugin: WorkboxPlugin = {
  ...customerDataPlugin,
  fetchDidSucceed: async (param) => {
    const { response, state } = param;
    if (response.status === 401) await forgetCustomerData();
    else if (response.status === 200) {
      const [now, kept] = await Promise.all([userIdOf(response), keptUserId()]);
      if (kept !== null && now !== kept) {
        await forgetCustomerData();
        if (state) state.generation = generation;
      }
    }
    return customerDataPlugin.fetchDidSucceed?.(param) ?? response;
  },
};

/** The fingerprint poll: not kept, but it says within a second whether the network is back. */
export const connectionPlugin: WorkboxPlugin = {
  fetchDidFail: customerDataPlugin.fetchDidFail,
  fetchDidSucceed: customerDataPlugin.fetchDidSucceed,
};
