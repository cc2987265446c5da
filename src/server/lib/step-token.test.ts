import { COUNTER_CODE_STEP_SECONDS } from "@shared/limits";
import { describe, expect, it } from "vitest";
import { signStepToken, verifyStepToken } from "./step-token";

const SECRET = "a-secret-of-the-server-0123456789";
const STEP_MS = COUNTER_CODE_STEP_SECONDS * 1000;

describe("codes that change every 30 seconds", () => {
  const now = Date.UTC(2026, 10, 27, 12, 0, 10);
  const step = Math.floor(now / STEP_MS);
  const token = signStepToken(SECRET, "customer-code", "K7Q2MX", step);

  it("are accepted in their own step and the next one, not after", () => {
    expect(verifyStepToken(SECRET, "customer-code", token, now)).toBe("K7Q2MX");
    expect(verifyStepToken(SECRET, "customer-code", token, now + STEP_MS)).toBe("K7Q2MX");
    expect(verifyStepToken(SECRET, "customer-code", token, now + 2 * STEP_MS)).toBeNull();
    // a code from a step that has not come yet
    expect(verifyStepToken(SECRET, "customer-code", token, now - STEP_MS)).toBeNull();
  });

  it("refuse a forged code, another purpose, another secret and garbage", () => {
    const [subject, stepText, mac] = token.split(".");
    expect(verifyStepToken(SECRET, "customer-code", `AAAAAA.${stepText}.${mac}`, now)).toBeNull();
    expect(
      verifyStepToken(SECRET, "customer-code", `${subject}.${step + 1}.${mac}`, now),
    ).toBeNull();
    expect(verifyStepToken(SECRET, "self-stamp", token, now)).toBeNull();
    expect(verifyStepToken("another-secret-0123456789", "customer-code", token, now)).toBeNull();
    for (const junk of ["", "K7Q2MX", "a.b.c", `${subject}.${stepText}`, `${token}.x`]) {
      expect(verifyStepToken(SECRET, "customer-code", junk, now)).toBeNull();
    }
  });
});
