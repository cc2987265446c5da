/// <reference lib="webworker" />
import { COUNTER_SYNC_TAG, flushQueue } from "../features/counter/offline-queue";

declare const self: ServiceWorkerGlobalScope;

/** Background Sync's event (not in TypeScript's WebWorker library). */
type SyncEvent = ExtendableEvent & { readonly tag: string; readonly lastChance: boolean };

/**
 * The counter's offline queue in the service worker (issue 32, item 5): Background Sync. The
 * counter page registers the `counter-queue` tag when it queues a stamp; the browser fires `sync`
 * once the connection is back, even with the page closed, and the same queue is sent as the page
 * sends it (features/counter/offline-queue.ts: in order, under the signed-in account, one sender
 * at a time). A run that could not finish (offline again, the server busy) fails the event, so
 * the browser tries again later; the page's own sender covers browsers without Background Sync.
 */
export function registerCounterSync(): void {
  self.addEventListener("sync", (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== COUNTER_SYNC_TAG) return;
    sync.waitUntil(
      flushQueue().then((outcome) => {
        if (outcome === "offline" || outcome === "retry") {
          throw new Error(`The counter's queue was not sent (${outcome})`);
        }
      }),
    );
  });
}
