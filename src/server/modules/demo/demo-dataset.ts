import type {
  birthdayGifts,
  bonusEntries,
  companies,
  companyMembers,
  companySettings,
  customerInvitations,
  customerMessages,
  interestReplies,
  interests,
  invoices,
  loyaltyCards,
  memberships,
  partnerMessages,
  partnerships,
  profiles,
  programs,
  referrals,
  stamps,
  subscriptions,
  users,
} from "../../db/schema";

type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];

/**
 * Every row of the demo database, in the order they are inserted (foreign keys first). Made by
 * `generateDemoDataset` (a pure function of the São Paulo date), written by demo.service.ts.
 */
export type DemoDataset = {
  /** The São Paulo date it was made for (yyyy-MM-dd). */
  today: string;
  companyId: string;
  ownerId: string;
  users: Insert<typeof users>[];
  profiles: Insert<typeof profiles>[];
  companies: Insert<typeof companies>[];
  companyMembers: Insert<typeof companyMembers>[];
  companySettings: Insert<typeof companySettings>[];
  programs: Insert<typeof programs>[];
  memberships: Insert<typeof memberships>[];
  loyaltyCards: Insert<typeof loyaltyCards>[];
  stamps: Insert<typeof stamps>[];
  birthdayGifts: Insert<typeof birthdayGifts>[];
  referrals: Insert<typeof referrals>[];
  bonusEntries: Insert<typeof bonusEntries>[];
  customerMessages: Insert<typeof customerMessages>[];
  interests: Insert<typeof interests>[];
  interestReplies: Insert<typeof interestReplies>[];
  partnerships: Insert<typeof partnerships>[];
  partnerMessages: Insert<typeof partnerMessages>[];
  customerInvitations: Insert<typeof customerInvitations>[];
  subscriptions: Insert<typeof subscriptions>[];
  invoices: Insert<typeof invoices>[];
};
