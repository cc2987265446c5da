import { DEMO_COMPANY_NAME, type DemoPerson } from "./demo-cast";
import type { DemoPrograms } from "./demo-company";
import type { DemoDataset } from "./demo-dataset";
import {
  type Event,
  PENDING_REVIEW,
  PENDING_SOCIAL,
  type Plan,
  REFERRED,
  WAITING,
} from "./demo-plans";
import { addDays, daysBetween, type Random, spDay, spTime } from "./demo-random";

/** The rows a member's cards leave behind. */
type CardsPart = Pick<
  DemoDataset,
  "loyaltyCards" | "stamps" | "birthdayGifts" | "customerMessages"
>;

type Card = DemoDataset["loyaltyCards"][number] & { stamps: number; maxStamps: number };

const NOTES = ["Cappuccino", "Expresso duplo", "Café coado e bolo de cenoura", "Latte", ""];

/** Who and where: the café, its owner, its programmes, the day the year ends. */
type CardsContext = {
  companyId: string;
  owner: string;
  programs: DemoPrograms;
  today: string;
  random: Random;
  out: CardsPart;
  /** Each friend's first purchase: when, and whether the referrer's card could take the stamps. */
  rewardOutcome: Map<number, { at: Date; rewarded: boolean }>;
};

/**
 * Member `i`'s cards, told in time order: opened at joining, a stamp per visit (a purchase, or an
 * approved claim: receipt, social post, one Google review), birthday gifts with their notice, the
 * referral welcome and rewards; a complete card redeemed at the next visit and opened again; the
 * pão de queijo card for some. Then the voucher of the cards that wait, and the pending claims.
 */
export function tellMemberCards(
  ctx: CardsContext,
  m: DemoPerson,
  i: number,
  membershipId: string,
  plan: Plan,
  story: Event[],
) {
  const { companyId, owner, programs, today, random, out, rewardOutcome } = ctx;
  const open = (program: DemoPrograms["coffee"], at: Date): Card => {
    const card: Card = {
      id: random.uuid(),
      membershipId,
      companyId,
      customerId: m.id,
      programId: program.id,
      stamps: 0,
      maxStamps: program.stampsRequired,
      reward: program.reward,
      status: "active",
      createdAt: at,
    };
    out.loyaltyCards.push(card);
    return card;
  };
  const credit = (
    card: Card,
    method: DemoDataset["stamps"][number]["method"],
    worth: number,
    at: Date,
    claim?: { network?: string; link?: string },
  ) => {
    const count = Math.min(worth, card.maxStamps - card.stamps);
    const approvedAt = claim
      ? new Date(at.getTime() + random.int(5, spDay(at) === today ? 20 : 240) * 60_000)
      : at;
    card.stamps += count;
    if (card.stamps >= card.maxStamps) {
      card.status = "complete";
      card.completedAt = approvedAt;
    }
    out.stamps.push({
      id: random.uuid(),
      cardId: card.id,
      companyId,
      customerId: m.id,
      method,
      count,
      status: "approved",
      notes: method === "purchase" ? random.pick(NOTES) || null : null,
      givenBy: method === "birthday" || method === "referral" ? null : owner,
      createdAt: at,
      approvedAt,
      claimed: Boolean(claim),
      network: claim?.network ?? null,
      link: claim?.link ?? null,
      reviewedAt: claim ? approvedAt : null,
    });
    return count;
  };
  const redeem = (card: Card, at: Date) => {
    card.status = "redeemed";
    card.redeemedAt = at;
    card.redeemedBy = owner;
  };

  let coffee = open(programs.coffee, plan.joinedAt);
  let pastry: Card | null = null;
  if (REFERRED.includes(i))
    credit(coffee, "referral", 1, new Date(plan.joinedAt.getTime() + 60_000));
  story.sort((a, b) => a.at.getTime() - b.at.getTime());
  let visitCount = 0;
  for (const event of story) {
    if (event.kind === "birthday") {
      // The job skips a member whose card is complete (waiting for its reward).
      if (coffee.status !== "active") continue;
      const added = credit(coffee, "birthday", 3, event.at);
      const year = Number(spDay(event.at).slice(0, 4));
      out.birthdayGifts.push({
        id: random.uuid(),
        companyId,
        customerId: m.id,
        year,
        givenOn: spDay(event.at),
        stamps: added,
        cardId: coffee.id,
        createdAt: event.at,
      });
      out.customerMessages.push({
        id: random.uuid(),
        companyId,
        customerId: m.id,
        sender: "company",
        subject: "Feliz aniversário!",
        body: `Parabéns, ${m.name.split(" ")[0]}! Você ganhou 3 carimbos de presente no seu cartão do ${DEMO_COMPANY_NAME}.`,
        status: "answered",
        createdAt: event.at,
      });
      continue;
    }
    if (event.kind === "reward") {
      const rewarded = coffee.status === "active";
      if (rewarded) credit(coffee, "referral", 2, event.at);
      rewardOutcome.set(event.friend, { at: event.at, rewarded });
      continue;
    }
    // A visit: a complete card is redeemed first (unless it is one the demo keeps waiting).
    if (coffee.status === "complete") {
      if (WAITING.includes(i) && daysBetween(spDay(event.at), today) <= 12) continue;
      redeem(coffee, event.at);
      coffee = open(programs.coffee, event.at);
    }
    visitCount++;
    const roll = random.next();
    if (visitCount === plan.reviewVisit) credit(coffee, "google_review", 2, event.at, {});
    else if (roll < 0.07) credit(coffee, "receipt", 1, event.at, {});
    else if (roll < 0.11) {
      const network = random.pick(["instagram", "facebook", "tiktok"]);
      credit(coffee, "social", 1, event.at, {
        network,
        link: `https://${network}.com/p/demo${random.hex(8)}`,
      });
    } else credit(coffee, "purchase", 1, event.at);
    // Some also collect the pão de queijo card.
    if (plan.pastryFrom && spDay(event.at) >= plan.pastryFrom && random.chance(0.6)) {
      const later = new Date(event.at.getTime() + 60_000);
      if (pastry?.status === "complete") redeem(pastry, later);
      if (!pastry || pastry.status === "redeemed") pastry = open(programs.pastry, later);
      credit(pastry, "purchase", 1, later);
    }
  }
  // A voucher code on the cards that wait for their reward (the customer asked for it).
  if (coffee.status === "complete" && WAITING.includes(i))
    coffee.redemptionCode = random.hex(8).toUpperCase().replace(/[01]/g, "7");
  if (PENDING_SOCIAL.includes(i) && coffee.status === "active") {
    const network = random.pick(["instagram", "tiktok"]);
    out.stamps.push(
      pendingClaim(coffee, "social", spTime(addDays(today, -(i % 2)), 9 * 60 + i), random, {
        network,
        link: `https://${network}.com/p/demo${random.hex(8)}`,
      }),
    );
  }
  if (i === PENDING_REVIEW && coffee.status === "active")
    out.stamps.push(
      pendingClaim(coffee, "google_review", spTime(addDays(today, -1), 18 * 60 + 5), random, {}),
    );
}

function pendingClaim(
  card: Card,
  method: "social" | "google_review",
  at: Date,
  random: Random,
  claim: { network?: string; link?: string },
): DemoDataset["stamps"][number] {
  return {
    id: random.uuid(),
    cardId: card.id,
    companyId: card.companyId,
    customerId: card.customerId,
    method,
    count: method === "google_review" ? 2 : 1,
    status: "pending",
    createdAt: at,
    claimed: true,
    network: claim.network ?? null,
    link: claim.link ?? null,
  };
}
