import type { ReferralState } from "@shared/referrals.schema";

/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const referralKeys = {
  all: ["referrals"] as const,
  /** 'Indicações': one page of the company's referrals, optionally of one state. */
  list: (state: ReferralState | null, page: number) =>
    [...referralKeys.all, "list", state ?? "all", page] as const,
  /** The customer's 'Indique e ganhe' card at one company. */
  mine: (companyId: string) => [...referralKeys.all, "mine", companyId] as const,
  /** Whether a member's personal link credits anyone now (the sign-up page's banner). */
  link: (companyId: string, referrerId: string) =>
    [...referralKeys.all, "link", companyId, referrerId] as const,
  /** A member's bonus balance and entries (the company's record of the customer). */
  bonus: (customerId: string) => [...referralKeys.all, "bonus", customerId] as const,
};

export const referralMutations = {
  decide: [...referralKeys.all, "decide"] as const,
  useBonus: [...referralKeys.all, "use-bonus"] as const,
};
