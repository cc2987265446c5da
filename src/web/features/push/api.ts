import type { PushKind } from "@shared/push.schema";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "@/web/lib/api-client";
import {
  currentSubscription,
  notificationPermission,
  pushSupport,
  subscribeDevice,
  subscriptionJson,
} from "./device";
import { pushKeys } from "./keys";

/**
 * Why this device's notices could not be switched on, each with its own text: the person blocked
 * notifications for the site (`denied`), the server has no VAPID key (`off`), the browser has no
 * Web Push (`unsupported`).
 */
export class PushSetupError extends Error {
  readonly reason: "denied" | "off" | "unsupported";
  constructor(reason: PushSetupError["reason"]) {
    super(`Push notices: ${reason}`);
    this.name = "PushSetupError";
    this.reason = reason;
  }
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The server's VAPID public key; null while push notices are off on the server (404). */
export const publicKeyQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.publicKey(),
    queryFn: async ({ signal }) => {
      try {
        return (await api.get("/api/push/public-key", { signal })).publicKey;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

/** This device's switches: the kinds on for its subscription (none without one). */
export type DeviceSwitches = { endpoint: string | null; kinds: PushKind[] };

/**
 * This device's switches as the server keeps them for the signed-in account. A subscription the
 * server does not know for this account (another account's on a shared device, or removed after a
 * 410) reads as all off: switching one on saves it again.
 */
export const deviceQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.device(),
    queryFn: async ({ signal }): Promise<DeviceSwitches> => {
      const subscription = await currentSubscription();
      if (!subscription) return { endpoint: null, kinds: [] };
      try {
        const saved = await api.get("/api/push/subscriptions", {
          params: { query: { endpoint: subscription.endpoint } },
          signal,
        });
        return { endpoint: saved.endpoint, kinds: saved.kinds };
      } catch (error) {
        if (isNotFound(error)) return { endpoint: subscription.endpoint, kinds: [] };
        throw error;
      }
    },
    enabled: pushSupport() === "supported",
  });

/** Asks for the permission if it has not been asked yet; refused or blocked: `denied`. */
async function ensurePermission() {
  let permission = notificationPermission();
  if (permission === "default") permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PushSetupError("denied");
}

const put = (subscription: PushSubscription, kinds: PushKind[]) =>
  api.put("/api/push/subscriptions", { body: { ...subscriptionJson(subscription), kinds } });

/**
 * Saves this device's switches. Some on: asks for the permission, subscribes with the server's key
 * and PUTs the subscription with those kinds (an endpoint another account holds on this device
 * answers 404: the device subscribes again, with a new endpoint of its own). All off: DELETEs the
 * subscription and unsubscribes the browser, so the push service forgets the device too.
 */
async function saveSwitches(
  kinds: PushKind[],
  publicKey: () => Promise<string | null>,
): Promise<DeviceSwitches> {
  if (pushSupport() !== "supported") throw new PushSetupError("unsupported");
  if (kinds.length === 0) {
    const subscription = await currentSubscription();
    if (subscription) {
      await api
        .delete("/api/push/subscriptions", { body: { endpoint: subscription.endpoint } })
        .catch((error: unknown) => {
          if (!isNotFound(error)) throw error;
        });
      await subscription.unsubscribe();
    }
    return { endpoint: null, kinds: [] };
  }
  await ensurePermission();
  const key = await publicKey();
  if (!key) throw new PushSetupError("off");
  let subscription = await subscribeDevice(key);
  try {
    const saved = await put(subscription, kinds);
    return { endpoint: saved.endpoint, kinds: saved.kinds };
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await subscription.unsubscribe();
    subscription = await subscribeDevice(key);
    const saved = await put(subscription, kinds);
    return { endpoint: saved.endpoint, kinds: saved.kinds };
  }
}

export function useSavePushSwitches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kinds: PushKind[]) =>
      saveSwitches(kinds, () => queryClient.fetchQuery(publicKeyQueryOptions())),
    onSuccess: (saved) => queryClient.setQueryData(pushKeys.device(), saved),
  });
}

/**
 * Everything a switches screen needs: what the browser can do, whether the server sends notices,
 * this device's switches and the save.
 */
export function usePushDevice() {
  const support = pushSupport();
  const publicKey = useQuery({ ...publicKeyQueryOptions(), enabled: support === "supported" });
  const device = useQuery(deviceQueryOptions());
  const save = useSavePushSwitches();
  return { support, publicKey, device, save };
}
