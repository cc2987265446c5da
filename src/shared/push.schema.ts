import { z } from "zod";

/**
 * Web Push (issue 32): what a device can be told, per audience. A customer's device: a stamp, a
 * card complete, a reward redeemed, a company's reply, the birthday gift. A company member's: a
 * new customer message, a new stamp claim, a partnership request.
 */
export const CUSTOMER_PUSH_KINDS = [
  "stamp",
  "card_complete",
  "redeemed",
  "reply",
  "birthday",
] as const;
export const MEMBER_PUSH_KINDS = ["message", "claim", "partnership"] as const;
export const PUSH_KINDS = [...CUSTOMER_PUSH_KINDS, ...MEMBER_PUSH_KINDS] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** A message's first characters in a notice. */
export const PUSH_QUOTE_LENGTH = 120;

/** Longest endpoint taken (the push services' are ~200–500 characters). */
export const PUSH_ENDPOINT_MAX = 1000;

const base64url = (bytes: number, what: string) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${what} must be base64url`)
    .refine((v) => decodedLength(v) === bytes, { message: `${what} must be ${bytes} bytes` });

/** The bytes a base64url text decodes to (no Buffer: this file is shared with the web app). */
const decodedLength = (v: string) => {
  const n = v.replace(/=+$/, "").length;
  return n % 4 === 1 ? -1 : Math.floor((n * 3) / 4);
};

export const PushEndpointSchema = z.string().min(1).max(PUSH_ENDPOINT_MAX);

/** A browser's PushSubscription (its toJSON()) and the kinds switched on for this device. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: PushEndpointSchema,
  keys: z.object({
    /** The device's P-256 public key, uncompressed (65 bytes, first byte 4). */
    // (A first byte of 4 is a first character 'B'.)
    p256dh: base64url(65, "keys.p256dh").refine((v) => v.startsWith("B"), {
      message: "keys.p256dh must be an uncompressed P-256 point",
    }),
    /** The device's auth secret (16 bytes). */
    auth: base64url(16, "keys.auth"),
  }),
  kinds: z.array(z.enum(PUSH_KINDS)).max(PUSH_KINDS.length),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

export const PushEndpointBodySchema = z.object({ endpoint: PushEndpointSchema });
export const PushEndpointQuerySchema = z.object({ endpoint: PushEndpointSchema });

/** One device's subscription as its owner sees it (the switches). */
export const PushSubscriptionSchema = z.object({
  endpoint: z.string(),
  kinds: z.array(z.enum(PUSH_KINDS)),
  createdAt: z.string(),
});
export type PushSubscriptionView = z.infer<typeof PushSubscriptionSchema>;

export const PushPublicKeySchema = z.object({
  /** The VAPID public key (base64url): the service worker's applicationServerKey. */
  publicKey: z.string(),
});
