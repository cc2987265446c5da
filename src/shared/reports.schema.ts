import { z } from "zod";

/** 'Aniversários Hoje': a member whose birthday is today, and whether this year's gift was given. */
export const BirthdayTodaySchema = z.object({
  customerId: z.string(),
  name: z.string(),
  gifted: z.boolean(),
});
export type BirthdayToday = z.infer<typeof BirthdayTodaySchema>;

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
  /** Members whose birthday is today (29 February on 28 February in other years), by name. */
  birthdaysToday: z.array(BirthdayTodaySchema),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;
