import { type DBSchema, type IDBPDatabase, openDB } from "idb";

/**
 * The offline counter's queue (issue 32, item 5): the stamps `/balcao` gave while it had no
 * connection, kept in IndexedDB until the server has them, then sent in the order they were given
 * through `POST /api/counter/stamps`, each with its own Idempotency-Key (so a sync retried after a
 * lost answer stamps once).
 *
 * Two senders share it: the page (at start, on `online`, on a timer while stamps wait) and the
 * service worker's Background Sync (src/web/sw/counter-sync.ts), where the browser has it. So this
 * module uses no React and no DOM-only API (it is typechecked in the service worker's program too),
 * and one sender at a time holds the queue (a Web Lock where the browser has them).
 *
 * Each stamp belongs to the staff member and the company it was given under: it is sent only while
 * that same account is signed in (GET /api/me tells who), never under another one. A stamp the
 * server refuses for good (a 4xx with a code: the interval, a card completed meanwhile, a member
 * removed, an expired QR code) stays in the queue, marked refused with the reason, until the team
 * member dismisses it: nothing is silently dropped.
 */

/** The same body as OfflineCounterStampSchema (src/shared/counter.schema.ts), as sent. */
export type QueuedStampBody = {
  code?: string;
  customerId?: string;
  programId?: string;
  method: "purchase" | "receipt" | "social" | "google_review";
  notes: string;
  quantity: number;
  amountCents?: number;
  givenAt: string;
  scannedAt?: string;
};

/** Who gave the stamp: it is sent only under this account and company. */
export type QueueOwner = { userId: string; companyId: string };

/** The server's refusal, as its error answer said it (the code is translated on the page). */
export type QueuedStampRefusal = {
  status: number;
  code: string;
  message: string;
  fields: Record<string, string>;
};

export type QueuedStamp = {
  /** The stamp's Idempotency-Key (crypto.randomUUID()). */
  id: string;
  owner: QueueOwner;
  /** What the team member saw: the short code (K7Q-2MX) or the customer's name. */
  label: string;
  body: QueuedStampBody;
  /** When it was queued (ms): the order it is sent in. */
  queuedAt: number;
  status: "pending" | "refused";
  refusal?: QueuedStampRefusal;
};

interface QueueDb extends DBSchema {
  stamps: { key: string; value: QueuedStamp; indexes: { byTime: number } };
}

const DB_NAME = "carimbou-counter";
const STORE = "stamps";
/** The Background Sync tag, and the Web Lock's and the change channel's name. */
export const COUNTER_SYNC_TAG = "counter-queue";
const STAMPS_PATH = "/api/counter/stamps";

let opened: Promise<IDBPDatabase<QueueDb>> | null = null;
function database() {
  opened ??= openDB<QueueDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: "id" }).createIndex("byTime", "queuedAt");
    },
  });
  return opened;
}

/** Tells this page and every other context (the other tabs, the service worker) it changed. */
const listeners = new Set<() => void>();
let channel: BroadcastChannel | null = null;
function changes(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === "undefined") return channel;
  channel = new BroadcastChannel(COUNTER_SYNC_TAG);
  channel.onmessage = () => {
    for (const listener of listeners) listener();
  };
  return channel;
}
function changed() {
  for (const listener of listeners) listener();
  changes()?.postMessage("changed");
}

/** Calls `listener` whenever the queue changes, here or in another context; returns the undo. */
export function onQueueChange(listener: () => void): () => void {
  changes();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every stamp of the queue, waiting or refused, oldest first. */
export async function readQueue(): Promise<QueuedStamp[]> {
  return (await database()).getAllFromIndex(STORE, "byTime");
}

/** Queues a stamp given offline. */
export async function enqueueStamp(stamp: Omit<QueuedStamp, "status" | "queuedAt">) {
  const queued: QueuedStamp = { ...stamp, status: "pending", queuedAt: Date.now() };
  await (await database()).put(STORE, queued);
  changed();
  return queued;
}

/** The team member read a refusal (or gave up a stamp of another account): it leaves the queue. */
export async function dismissStamp(id: string) {
  await (await database()).delete(STORE, id);
  changed();
}

/** How a flush ended: all sent or refused, offline (try on `online`), or to try again later. */
export type FlushOutcome = "done" | "offline" | "retry" | "busy";

/** Whether the server refused the stamp for good (a 4xx with a code, but not the session's). */
const isRefusal = (status: number, code: string | null) =>
  code !== null && status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);

async function errorOf(response: Response): Promise<QueuedStampRefusal | null> {
  const body: unknown = await response.json().catch(() => null);
  const error = (body as { error?: Partial<QueuedStampRefusal> } | null)?.error;
  if (typeof error?.code !== "string") return null;
  return {
    status: response.status,
    code: error.code,
    message: typeof error.message === "string" ? error.message : "",
    fields: error.fields ?? {},
  };
}

/** Who is signed in now (GET /api/me): their stamps are the ones to send. */
async function signedIn(): Promise<QueueOwner | null> {
  const response = await fetch("/api/me", { credentials: "include" });
  if (!response.ok) return null;
  const me = (await response.json()) as {
    user?: { id?: string };
    company?: { id?: string } | null;
  };
  return me.user?.id && me.company?.id ? { userId: me.user.id, companyId: me.company.id } : null;
}

async function flushHeld(): Promise<FlushOutcome> {
  const waiting = (await readQueue()).filter((stamp) => stamp.status === "pending");
  if (waiting.length === 0) return "done";
  let owner: QueueOwner | null;
  try {
    owner = await signedIn();
  } catch {
    return "offline";
  }
  // Signed out, or another account: nothing is sent (the page shows them as not sent).
  if (!owner) return "retry";
  const mine = waiting.filter(
    (stamp) => stamp.owner.userId === owner.userId && stamp.owner.companyId === owner.companyId,
  );
  const db = await database();
  for (const stamp of mine) {
    let response: Response;
    try {
      response = await fetch(STAMPS_PATH, {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json", "Idempotency-Key": stamp.id },
        body: JSON.stringify(stamp.body),
      });
    } catch {
      return "offline";
    }
    if (response.ok) {
      await db.delete(STORE, stamp.id);
      changed();
      continue;
    }
    const refusal = await errorOf(response);
    // The server busy, a session to renew, too many at once: the same stamp later, in order.
    if (!refusal || !isRefusal(response.status, refusal.code)) return "retry";
    await db.put(STORE, { ...stamp, status: "refused", refusal });
    changed();
  }
  return "done";
}

let flushing = false;

/**
 * Sends the signed-in account's waiting stamps, in order, one sender at a time (another sender
 * holding the queue: "busy"). Each leaves the queue on a 2xx, or is marked refused on a
 * definitive refusal; the first network failure or transient answer stops the run.
 */
export async function flushQueue(): Promise<FlushOutcome> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (locks) {
    return locks.request(COUNTER_SYNC_TAG, { ifAvailable: true }, (lock) =>
      lock ? flushHeld() : ("busy" as const),
    );
  }
  if (flushing) return "busy";
  flushing = true;
  try {
    return await flushHeld();
  } finally {
    flushing = false;
  }
}
