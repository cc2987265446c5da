/**
 * This browser's side of Web Push (issue 32): whether it can take notices at all, the service
 * worker's registration, the permission and the PushSubscription. No API call here (api.ts sends
 * what these return), so the switches' logic can be tested with a fake of this file's browser
 * objects.
 */

/**
 * What this browser can do. `install`: an iPhone or iPad outside an installed app (Safari gives
 * Web Push only to a site added with 'Adicionar à Tela de Início', iOS 16.4+), so the page says so
 * instead of 'not supported'.
 */
export type PushSupport = "supported" | "install" | "unsupported";

/** A device the customer can hold in one hand and that runs iOS (iPadOS says it is a Mac). */
function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return (
    window.matchMedia?.("(display-mode: standalone)").matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

export function pushSupport(): PushSupport {
  if (typeof window === "undefined") return "unsupported";
  const full = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  if (full) return "supported";
  return isIos() && !isStandalone() ? "install" : "unsupported";
}

/** The browser's notification permission ('default' until asked). */
export function notificationPermission(): NotificationPermission {
  return "Notification" in window ? Notification.permission : "denied";
}

/** The script the PWA's plugin builds (vite-plugin-pwa, src/web/sw/sw.ts) at the site's root. */
const SW_URL = "/sw.js";

/**
 * The app's service worker, once active. The PWA feature registers it after the first load; a
 * device switched on before that (or in a browser where that has not run yet) registers it here,
 * with the same script and scope, so both end on one registration.
 */
export async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (!existing) await navigator.serviceWorker.register(SW_URL, { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** This device's subscription, if it has one (no registration: none, and none is made). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== "supported") return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** A base64url text (the VAPID public key) as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

/**
 * This device's subscription for the server's key: the one it has, or a new one. A subscription
 * made for another key (the server's VAPID pair was made again) is dropped first, since the push
 * service would refuse the server's notices for it.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription> {
  const registration = await activeRegistration();
  const key = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    const existingKey = existing.options?.applicationServerKey;
    if (!existingKey || sameBytes(existingKey, key)) return existing;
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The subscription as the API takes it (`{ endpoint, keys: { p256dh, auth } }`). */
export function subscriptionJson(subscription: PushSubscription): {
  endpoint: string;
  keys: { p256dh: string; auth: string };
} {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  };
}
