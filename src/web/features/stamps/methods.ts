import type { LoyaltyRules } from "@shared/settings.schema";
import { STAFF_STAMP_METHODS, type StaffStampMethod } from "@shared/stamp-methods";

/**
 * The ways a stamp can be given that the company's loyalty rules allow: purchase and receipt
 * always; 'Redes Sociais' and 'Avaliação Google' only while their rule is on. Every method while
 * the rules are still loading (the server takes any of them).
 */
export function stampMethodsFor(rules: LoyaltyRules | undefined): readonly StaffStampMethod[] {
  if (!rules) return STAFF_STAMP_METHODS;
  return STAFF_STAMP_METHODS.filter(
    (method) =>
      (method !== "social" || rules.social.enabled) &&
      (method !== "google_review" || rules.review.enabled),
  );
}
