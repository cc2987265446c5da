import { useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { counterKeys } from "./keys";
import {
  COUNTER_SYNC_TAG,
  dismissStamp,
  enqueueStamp,
  flushQueue,
  onQueueChange,
  type QueuedStamp,
  type QueuedStampBody,
  type QueueOwner,
  readQueue,
} from "./offline-queue";

/** While stamps wait, the page tries to send them this often (besides `online`). */
const RETRY_EVERY_MS = 15_000;

/** Whether a request failed for lack of connection (not an API answer): the counter queues. */
export const isOffline = (error?: unknown) => !navigator.onLine || error instanceof TypeError;

/** Asks the service worker to send the queue when the connection is back (Background Sync). */
function requestBackgroundSync() {
  navigator.serviceWorker
    ?.getRegistration()
    .then((registration) => {
      const sync = (registration as { sync?: { register(tag: string): Promise<void> } } | undefined)
        ?.sync;
      return sync?.register(COUNTER_SYNC_TAG);
    })
    .catch(() => {
      // No Background Sync (or not allowed): the page sends it on `online` and on its timer.
    });
}

/**
 * The offline counter's queue as the page sees it, for the signed-in `owner`: how many stamps
 * wait, the ones not sent (refused by the server, or given under another account), queueing a
 * stamp, dismissing a refusal. The page sends the queue at start, on `online` and every 15 s while
 * stamps wait; a stamp sent refreshes the counter's customers.
 */
export function useOfflineQueue(owner: QueueOwner | undefined) {
  const queryClient = useQueryClient();
  const [stamps, setStamps] = useState<QueuedStamp[]>([]);

  useEffect(() => {
    let live = true;
    const reload = () =>
      readQueue().then(
        (queue) => live && setStamps(queue),
        (error: unknown) => console.error("The counter's offline queue cannot be read", error),
      );
    void reload();
    const stop = onQueueChange(() => void reload());
    return () => {
      live = false;
      stop();
    };
  }, []);

  const flush = useCallback(() => {
    void flushQueue()
      .then((outcome) =>
        outcome === "done" ? queryClient.invalidateQueries({ queryKey: counterKeys.all }) : null,
      )
      .catch((error: unknown) => console.error("The counter's offline queue was not sent", error));
  }, [queryClient]);

  const mine = useCallback(
    (stamp: QueuedStamp) =>
      owner !== undefined &&
      stamp.owner.userId === owner.userId &&
      stamp.owner.companyId === owner.companyId,
    [owner],
  );
  // The stamps waiting (a queued action of 2 purchases is 2), as the screen counts them.
  const waiting = stamps
    .filter((stamp) => stamp.status === "pending" && mine(stamp))
    .reduce((sum, stamp) => sum + stamp.body.quantity, 0);
  const notSent = useMemo(
    () => stamps.filter((stamp) => stamp.status === "refused" || !mine(stamp)),
    [stamps, mine],
  );

  useEffect(() => {
    flush();
    window.addEventListener("online", flush);
    return () => window.removeEventListener("online", flush);
  }, [flush]);

  useEffect(() => {
    if (waiting === 0) return;
    const timer = setInterval(flush, RETRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting, flush]);

  const queue = useCallback(
    async (label: string, body: QueuedStampBody) => {
      if (!owner) throw new Error("No one is signed in at the counter");
      const queued = await enqueueStamp({ id: crypto.randomUUID(), owner, label, body });
      requestBackgroundSync();
      if (navigator.onLine) flush();
      return queued;
    },
    [owner, flush],
  );

  return { waiting, notSent, queue, dismiss: dismissStamp, canQueue: owner !== undefined };
}

export type OfflineQueue = ReturnType<typeof useOfflineQueue>;

/** The desk's queue, for the customer's stamp buttons (the connection may drop while they show). */
export const OfflineQueueContext = createContext<OfflineQueue | null>(null);

/**
 * The stamp of a customer found before the drop, queued by their id when the phone knows it is
 * offline before sending (null: online, or no queue: send it). A request that failed on its way
 * is not queued: the server may have stamped it, and only the same request with its own key
 * (the stamp buttons' retry) is safe.
 */
export function useQueueWhenOffline() {
  const queue = useContext(OfflineQueueContext);
  return (label: string, body: QueuedStampBody) =>
    queue?.canQueue && !navigator.onLine ? queue.queue(label, body) : null;
}
