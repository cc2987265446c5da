import { INVITATION_ORIGIN } from "@shared/customers.schema";
import { tellMemberCards } from "./demo-cards";
import { type DemoCast, withBirthday } from "./demo-cast";
import type { DemoPrograms } from "./demo-company";
import type { DemoDataset } from "./demo-dataset";
import { demoMemberMessages } from "./demo-messages";
import { COMPANY_LINK, INACTIVE, INVITED, PARTNER, planMembers, REFERRED } from "./demo-plans";
import { type Random, spDay } from "./demo-random";

type MembersPart = Pick<
  DemoDataset,
  | "users"
  | "profiles"
  | "memberships"
  | "loyaltyCards"
  | "stamps"
  | "birthdayGifts"
  | "referrals"
  | "bonusEntries"
  | "customerMessages"
>;

/**
 * The members and a year of their activity, simulated day by day as the app would have recorded
 * it: joining (QR code, link, friend's link, partner's link, invitation; demo-plans.ts), visits
 * with a purchase stamp or an approved claim (receipt, social post, one Google review), birthday
 * gifts, referral welcomes and rewards, cards completed, redeemed at the next visit and opened
 * again (demo-cards.ts), the referrals themselves and messages to the café (demo-messages.ts).
 */
export function demoMembers(
  cast: DemoCast,
  programs: DemoPrograms,
  partnerCompanyId: string,
  today: string,
  random: Random,
): MembersPart {
  const owner = cast.owner.id;
  const companyId = cast.companyId;
  const out: MembersPart = {
    users: [],
    profiles: [],
    memberships: [],
    loyaltyCards: [],
    stamps: [],
    birthdayGifts: [],
    referrals: [],
    bonusEntries: [],
    customerMessages: [],
  };
  const members = cast.members.map((person, i) => withBirthday(person, i, today));
  const { plans, referrerOf, events } = planMembers(members, today, random);

  // Each member's story, in time order: who they are, how they joined, then their cards.
  const rewardOutcome = new Map<number, { at: Date; rewarded: boolean }>();
  const cards = { companyId, owner, programs, today, random, out, rewardOutcome };
  members.forEach((m, i) => {
    const plan = plans[i]!;
    const membershipId = random.uuid();
    const referrer = referrerOf.get(i);
    const origin = REFERRED.includes(i)
      ? `afiliado_cliente_${members[referrer!]!.id}`
      : INVITED.includes(i)
        ? INVITATION_ORIGIN
        : COMPANY_LINK.includes(i)
          ? `empresa_direta_${companyId}`
          : PARTNER.includes(i)
            ? `parceria_${partnerCompanyId}_${companyId}`
            : "qrcode_empresa";
    const since = new Date(plan.joinedAt.getTime() - (INVITED.includes(i) ? 0 : 60_000));
    out.users.push({
      id: m.id,
      name: m.name,
      email: m.email,
      emailVerified: true,
      createdAt: since,
      updatedAt: since,
    });
    out.profiles.push({
      id: m.id,
      role: "customer",
      name: m.name,
      email: m.email,
      phone: m.phone,
      city: m.city,
      state: m.state,
      birthDate: m.birthDate,
      origin: INVITED.includes(i)
        ? "cadastro_direto"
        : origin === "qrcode_empresa"
          ? `empresa_direta_${companyId}`
          : origin,
      originChannel: origin === "qrcode_empresa" ? origin : null,
      originCompanyId: INVITED.includes(i) ? null : companyId,
      partnerCompanyId: PARTNER.includes(i) ? partnerCompanyId : null,
      referrerCustomerId: referrer === undefined ? null : members[referrer]!.id,
      createdAt: since,
      updatedAt: since,
    });
    out.memberships.push({
      id: membershipId,
      companyId,
      customerId: m.id,
      origin,
      partnerCompanyId: PARTNER.includes(i) ? partnerCompanyId : null,
      status: INACTIVE.includes(i) ? "inactive" : "active",
      joinedAt: plan.joinedAt,
      updatedAt: plan.joinedAt,
    });

    tellMemberCards(cards, m, i, membershipId, plan, events[i]!);
  });

  // Referral rows: rewarded at the friend's first purchase, or still pending.
  for (const friend of REFERRED) {
    const referrer = referrerOf.get(friend)!;
    const outcome = rewardOutcome.get(friend);
    const createdAt = plans[friend]!.joinedAt;
    const id = random.uuid();
    out.referrals.push({
      id,
      companyId,
      referrerId: members[referrer]!.id,
      referredId: members[friend]!.id,
      state: !outcome ? "pending" : outcome.rewarded ? "rewarded" : "qualified",
      reason: outcome && !outcome.rewarded ? "referrer_unavailable" : null,
      ipAddress: `203.0.113.${10 + friend}`,
      referredStamps: 1,
      referrerStamps: outcome?.rewarded ? 2 : 0,
      referrerBonusCents: outcome?.rewarded ? 500 : 0,
      createdAt,
      qualifiedAt: outcome?.at ?? null,
      rewardedAt: outcome?.rewarded ? outcome.at : null,
    });
    if (outcome?.rewarded) {
      out.bonusEntries.push({
        id: random.uuid(),
        companyId,
        customerId: members[referrer]!.id,
        kind: "referrer",
        amountCents: 500,
        referralId: id,
        createdAt: outcome.at,
      });
      const used = new Date(outcome.at.getTime() + 10 * 24 * 60 * 60 * 1000);
      if (out.bonusEntries.length === 1 && spDay(used) < today)
        out.bonusEntries.push({
          id: random.uuid(),
          companyId,
          customerId: members[referrer]!.id,
          kind: "used",
          amountCents: -500,
          byUserId: owner,
          note: "Desconto no café da manhã",
          createdAt: used,
        });
    }
  }

  out.customerMessages.push(
    ...demoMemberMessages(members, plans, { companyId, owner, today, random }),
  );
  return out;
}
