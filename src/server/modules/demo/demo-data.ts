import { demoCast } from "./demo-cast";
import { demoCompany } from "./demo-company";
import type { DemoDataset } from "./demo-dataset";
import { demoMembers } from "./demo-members";
import { seededRandom } from "./demo-random";

/**
 * The demo café's whole database for São Paulo day `today` (yyyy-MM-dd): the same day gives the
 * same rows (a seeded generator; the people are the same every day, their year of activity ends
 * today). Pure: no clock, no database.
 */
export function generateDemoDataset(today: string): DemoDataset {
  const cast = demoCast();
  const random = seededRandom(`carimbou-demo-${today}`);
  const company = demoCompany(cast, today, random);
  const members = demoMembers(cast, company.demoPrograms, cast.partners[0]!.id, today, random);
  return {
    today,
    companyId: cast.companyId,
    ownerId: cast.owner.id,
    users: [...company.users, ...members.users],
    profiles: [...company.profiles, ...members.profiles],
    companies: company.companies,
    // Each company's owner is its team's owner.
    companyMembers: company.companies.map((c) => ({
      id: `mem_${c.id}`,
      companyId: c.id,
      userId: c.ownerId,
      role: "owner" as const,
    })),
    companySettings: company.companySettings,
    programs: company.programs,
    memberships: members.memberships,
    loyaltyCards: members.loyaltyCards,
    stamps: members.stamps,
    birthdayGifts: members.birthdayGifts,
    referrals: members.referrals,
    bonusEntries: members.bonusEntries,
    customerMessages: members.customerMessages,
    interests: company.interests,
    interestReplies: company.interestReplies,
    partnerships: company.partnerships,
    partnerMessages: company.partnerMessages,
    customerInvitations: company.customerInvitations,
    subscriptions: company.subscriptions,
    invoices: company.invoices,
  };
}
