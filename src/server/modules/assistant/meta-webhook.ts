/**
 * What Meta's webhooks share, for WhatsApp and Instagram alike: the `GET` handshake's check, the
 * `X-Hub-Signature-256` of a `POST` (HMAC-SHA256 of the raw body with the app secret, constant
 * time), the body read as JSON only once signed, and the cleaning of what a message carries.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { hasControlChars } from "@shared/text";
import { z } from "zod";
import { AppError } from "../../errors";
import type { ChannelWebhook } from "./channel-adapter";
import { sameSecret } from "./channel-secrets";

/**
 * Meta's handshake: `hub.mode=subscribe` and the company's verify token (constant time) → the
 * challenge to echo; anything else 403.
 */
export function checkHandshake(
  query: { mode?: string; token?: string; challenge?: string },
  verifyToken: string,
): string {
  const challenge = query.challenge ?? "";
  if (
    query.mode !== "subscribe" ||
    !sameSecret(query.token ?? "", verifyToken) ||
    challenge === "" ||
    challenge.length > 200 ||
    hasControlChars(challenge)
  ) {
    throw new AppError("forbidden", 403, "Webhook verification refused");
  }
  return challenge;
}

/** `sha256=<hex>` of HMAC-SHA256(raw body, app secret), compared in constant time. */
export function validSignature(header: string | undefined, body: Uint8Array, appSecret: string) {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", appSecret).update(body).digest();
  return timingSafeEqual(Buffer.from(match[1]!, "hex"), expected);
}

/** A signed body's JSON: 401 without a valid signature, 400 when it is not JSON. */
export function readSignedBody(
  signature: string | undefined,
  rawBody: Uint8Array,
  appSecret: string,
): unknown {
  if (!validSignature(signature, rawBody, appSecret)) {
    throw new AppError("unauthenticated", 401, "Invalid webhook signature");
  }
  try {
    return JSON.parse(new TextDecoder().decode(rawBody));
  } catch {
    throw new AppError("validation_failed", 400, "The webhook body is not JSON");
  }
}

/**
 * The `entry[]` of a webhook body (Meta's envelope, at most 1000), each read with `entry`; none
 * when the body is not one.
 */
export function metaEntries<Entry extends z.ZodType>(
  payload: unknown,
  entry: Entry,
): z.infer<Entry>[] {
  const parsed = z.object({ entry: z.array(entry).max(1000) }).safeParse(payload);
  return parsed.success ? parsed.data.entry : [];
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
/** No control characters (line breaks kept), at most `max` characters. */
export const cleanText = (value: string, max: number) =>
  value.replace(CONTROL_CHARS, "").trim().slice(0, max);

/** When Meta says it was sent (never in the future, never before a week ago), else `now`. */
export function boundedSentAt(at: Date | null, now: Date): Date {
  if (!at || Number.isNaN(at.getTime())) return now;
  const weekAgo = now.getTime() - 7 * 24 * 3600 * 1000;
  return at.getTime() > now.getTime() || at.getTime() < weekAgo ? now : at;
}

/** A PostgreSQL unique violation (23505), directly or as the cause. */
/** Meta's webhook checks, as a channel adapter names them (WhatsApp, Instagram). */
export const metaWebhook = {
  handshake: checkHandshake,
  readBody: readSignedBody,
  signatureHeader: "x-hub-signature-256",
} satisfies ChannelWebhook;
