/** The company's "1 carimbo a cada R$ X" rule (its counter rules): off when `stampValueCents` is null. */
export type StampValueRule = {
  stampValueCents: number | null;
  maxStampsPerPurchase: number | null;
};

/**
 * The stamps a purchase of `amountCents` gives under the rule, as the server counts them
 * (give-stamp.ts `counterWorth`; the panel shows it before the stamp is confirmed): the amount over the value, at most the maximum per purchase;
 * 0 when it is worth less than one stamp (the server refuses it).
 */
export function stampsForAmount(amountCents: number, rule: StampValueRule): number {
  if (!rule.stampValueCents || !Number.isFinite(amountCents) || amountCents <= 0) return 0;
  const stamps = Math.floor(amountCents / rule.stampValueCents);
  return rule.maxStampsPerPurchase ? Math.min(stamps, rule.maxStampsPerPurchase) : stamps;
}
