import { z } from "zod";

export const DashboardStatsSchema = z.object({
  totalCustomers: z.number().int(),
  activeCards: z.number().int(),
  rewardsRedeemed: z.number().int(),
  /** Completed (complete or redeemed) cards / all cards, 0..100, one decimal. */
  completionRate: z.number(),
  stampsToday: z.number().int(),
  /** Customer stamp claims waiting for the company's answer. */
  pendingClaims: z.number().int(),
  cardsCompletedToday: z.number().int(),
  birthdaysToday: z.array(z.string()),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
