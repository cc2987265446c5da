/** Query keys of the push feature (this device's switches and the server's VAPID key). */
export const pushKeys = {
  all: ["push"] as const,
  /** GET /api/push/public-key (null: push is off on this server). */
  publicKey: () => [...pushKeys.all, "public-key"] as const,
  /** This device's subscription and its switches (GET /api/push/subscriptions?endpoint=). */
  device: () => [...pushKeys.all, "device"] as const,
};
