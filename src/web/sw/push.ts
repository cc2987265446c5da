/// <reference lib="webworker" />
declare const self: ServiceWorkerGlobalScope;

/**
 * Web Push in the service worker (issue 32, item 2): showing a notice and opening its page.
 *
 * The server's push-notify job (src/server/modules/push/push.jobs.ts) sends, encrypted for this
 * device, `{ kind, title, body, url }` already in the account's language; the browser decrypts it
 * and hands it to `push`. A notice must be shown for every push (`userVisibleOnly`: a browser may
 * revoke the subscription of a worker that shows none), so one that cannot be read still shows.
 */

/** What push.jobs.ts sends. */
type PushPayload = { kind?: string; title?: string; body?: string; url?: string };

/**
 * The app's icon (the manifest's, src/web/public/icons, precached by sw.ts). No `badge`: Android
 * draws a badge from its alpha channel alone, so the full-colour icon would be a white square; the
 * browser's own small icon shows instead until a one-colour badge is drawn.
 */
const ICON = "/icons/icon-192.png";

function readPayload(data: PushMessageData | null): PushPayload {
  try {
    const value: unknown = data?.json();
    return value && typeof value === "object" ? (value as PushPayload) : {};
  } catch {
    return { body: data?.text() };
  }
}

/** A path of this app (anything else, a full URL included, opens the app's start). */
function appUrl(url: string | undefined): string {
  const target = new URL(url?.startsWith("/") ? url : "/", self.location.origin);
  return target.origin === self.location.origin ? target.href : `${self.location.origin}/`;
}

/**
 * Shows the notice. Notices of one kind replace each other (`tag`: five stamps in a row leave one
 * notice, the newest), and the newest one buzzes again (`renotify`).
 */
function showNotice(event: PushEvent) {
  const payload = readPayload(event.data);
  const options: NotificationOptions & { renotify?: boolean } = {
    body: payload.body ?? "",
    icon: ICON,
    data: { url: appUrl(payload.url) },
    tag: payload.kind ?? "carimbou",
    renotify: true,
  };
  event.waitUntil(self.registration.showNotification(payload.title || "Carimbou", options));
}

/**
 * A tap on the notice: a window of the app already on that page is focused; else any window of the
 * app is brought to it; else a new one opens.
 */
async function openNotice(notification: Notification) {
  notification.close();
  const url = (notification.data as { url?: string } | null)?.url ?? self.location.origin;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const same = windows.find((client) => client.url === url);
  if (same) {
    await same.focus();
    return;
  }
  const other = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (other) {
    const focused = await other.focus();
    await (focused ?? other).navigate(url).catch(() => self.clients.openWindow(url));
    return;
  }
  await self.clients.openWindow(url);
}

/** `pushsubscriptionchange` (Firefox; not yet in the lib's event map). */
type SubscriptionChangeEvent = ExtendableEvent & {
  oldSubscription?: PushSubscription | null;
  newSubscription?: PushSubscription | null;
};

/**
 * The push service renewed (or dropped) this device's subscription: best effort, the new one is
 * saved with the old one's switches, then the old one forgotten, with the browser's cookies (the
 * account still signed in). When
 * that fails, the switches screen reads the device as off and the person turns them on again.
 */
async function renewSubscription(event: SubscriptionChangeEvent) {
  const old = event.oldSubscription;
  let kinds: string[] = [];
  if (old) {
    const answer = await fetch(
      `/api/push/subscriptions?endpoint=${encodeURIComponent(old.endpoint)}`,
      { credentials: "include" },
    );
    if (!answer.ok) return;
    kinds = ((await answer.json()) as { kinds?: string[] }).kinds ?? [];
  }
  if (kinds.length === 0) return;
  let renewed = event.newSubscription ?? null;
  if (!renewed && old?.options.applicationServerKey) {
    renewed = await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: old.options.applicationServerKey,
    });
  }
  if (!renewed) return;
  const json = renewed.toJSON();
  const saved = await fetch("/api/push/subscriptions", {
    method: "PUT",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ endpoint: renewed.endpoint, keys: json.keys, kinds }),
  });
  // The old endpoint is dead: forgotten once the new one is saved (else a 410 removes it later).
  if (saved.ok && old && old.endpoint !== renewed.endpoint) {
    await fetch("/api/push/subscriptions", {
      method: "DELETE",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ endpoint: old.endpoint }),
    });
  }
}

export function registerPushHandlers(): void {
  self.addEventListener("push", showNotice);
  self.addEventListener("notificationclick", (event) => {
    event.waitUntil(openNotice(event.notification));
  });
  self.addEventListener("pushsubscriptionchange", (event) => {
    const change = event as SubscriptionChangeEvent;
    change.waitUntil(renewSubscription(change).catch(() => undefined));
  });
}
