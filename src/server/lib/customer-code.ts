import { normalizeShortCode } from "@shared/counter";
import { COUNTER_CODE_STEP_SECONDS } from "@shared/limits";
import { AppError } from "../errors";
import { currentStep, verifyStepToken } from "./step-token";

/**
 * A customer's code as the counter and the public API read it: the short code typed, or the QR
 * code their card shows ('Mostrar no balcão'), signed for a 30-second step (lib/step-token.ts).
 */

/** A QR code's payload: `<short code>.<step>.<mac>` (lib/step-token.ts). */
const TOKEN_SHAPE = /^([^.\s]+)\.(\d{1,12})\.([A-Za-z0-9_-]+)$/;

/**
 * The short code a scanned QR code or a typed code stands for. A QR code signed for the current
 * or the previous 30-second step gives its short code; one signed for an older step answers 410
 * `counter_code_expired`, one the server never signed (or from the future) 400 with the same code:
 * the counter says the same thing either way ('Código expirado...').
 */
export function shortCodeOf(secret: string, code: string, now = Date.now()): string {
  const token = TOKEN_SHAPE.exec(code);
  if (!token) return normalizeShortCode(code);
  const subject = verifyStepToken(secret, "customer-code", code, now);
  if (subject) return subject;
  const step = Number(token[2]);
  const signedThen = verifyStepToken(
    secret,
    "customer-code",
    code,
    step * COUNTER_CODE_STEP_SECONDS * 1000,
  );
  const expired = signedThen !== null && step < currentStep(now);
  throw new AppError(
    "counter_code_expired",
    expired ? 410 : 400,
    expired ? "This QR code has expired." : "This is not a valid QR code.",
  );
}
