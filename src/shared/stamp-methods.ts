/**
 * How a stamp was earned, without zod: the panel's first screen reads these (decision 042), and
 * stamps.schema.ts builds its schemas on them.
 *
 * Every method a stamp row may carry (spec section 1): the staff's four, `birthday`, the birthday
 * rule's gift (given only by the daily job), `referral`, the referral rules' stamps (the friend's
 * welcome and the referrer's reward), and `import`, the paper-card stamps of an imported customer,
 * given when they accept the invitation.
 */
export const STAMP_METHODS = [
  "purchase",
  "receipt",
  "social",
  "google_review",
  "birthday",
  "referral",
  "import",
] as const;
export type StampMethod = (typeof STAMP_METHODS)[number];

/** What staff may pick in 'Adicionar Carimbo' (never `birthday` or `referral`: the rules give those). */
export const STAFF_STAMP_METHODS = ["purchase", "receipt", "social", "google_review"] as const;
export type StaffStampMethod = (typeof STAFF_STAMP_METHODS)[number];

/** A card's state: collecting, complete (the reward is due), redeemed. */
export const CARD_STATUSES = ["active", "complete", "redeemed"] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];
