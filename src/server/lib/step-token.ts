import { createHmac, timingSafeEqual } from "node:crypto";
import { COUNTER_CODE_STEP_SECONDS } from "@shared/limits";

/**
 * Codes that change every COUNTER_CODE_STEP_SECONDS (30 s), signed by the server: the customer's
 * counter QR code ('Mostrar no balcão': the subject is the customer's short code) and the counter
 * screen's self-stamp code (/balcao/qr: the subject is the company). A code is `<subject>.<step>.<mac>`
 * with an HMAC-SHA256 over the purpose, subject and time step; it is accepted for the current and the
 * previous step, so a screenshot or a forwarded image stops working within a minute.
 */
export type StepTokenPurpose = "customer-code" | "self-stamp";

const MAC_LENGTH = 22; // base64url characters: 132 bits

export function currentStep(now = Date.now()): number {
  return Math.floor(now / 1000 / COUNTER_CODE_STEP_SECONDS);
}

/** When the code of `step` stops being shown (the next one starts). */
export function stepEndsAt(step: number): Date {
  return new Date((step + 1) * COUNTER_CODE_STEP_SECONDS * 1000);
}

function mac(secret: string, purpose: StepTokenPurpose, subject: string, step: number) {
  return createHmac("sha256", secret)
    .update(`${purpose}\n${subject}\n${step}`)
    .digest("base64url")
    .slice(0, MAC_LENGTH);
}

export function signStepToken(
  secret: string,
  purpose: StepTokenPurpose,
  subject: string,
  step = currentStep(),
): string {
  return `${subject}.${step}.${mac(secret, purpose, subject, step)}`;
}

/**
 * The subject of a code signed for `purpose` in the current or the previous step; null for a code
 * that is older, from the future, forged or malformed.
 */
export function verifyStepToken(
  secret: string,
  purpose: StepTokenPurpose,
  token: string,
  now = Date.now(),
): string | null {
  const parts = token.trim().split(".");
  if (parts.length !== 3) return null;
  const [subject, stepText, given] = parts as [string, string, string];
  if (!subject || !/^\d{1,12}$/.test(stepText) || given.length !== MAC_LENGTH) return null;
  const step = Number(stepText);
  const current = currentStep(now);
  if (step !== current && step !== current - 1) return null;
  const expected = Buffer.from(mac(secret, purpose, subject, step));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? subject : null;
}
