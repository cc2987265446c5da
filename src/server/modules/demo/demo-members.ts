import { INVITATION_ORIGIN } from "@shared/customers.schema";
import { birthdayIn, DEMO_COMPANY_NAME, type DemoCast, withBirthday } from "./demo-cast";
import type { DemoPrograms } from "./demo-company";
import type { DemoDataset } from "./demo-dataset";
import { addDays, daysBetween, type Random, spDay, spTime } from "./demo-random";

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

type Card = DemoDataset["loyaltyCards"][number] & { stamps: number; maxStamps: number };
type Event =
  | { at: Date; kind: "visit" }
  | { at: Date; kind: "birthday" }
  | { at: Date; kind: "reward"; friend: number };

// Who is who (member indexes): how they joined, and the few whose state the demo must show.
const REFERRED = [12, 19, 25, 31, 38];
const INVITED = [7, 21, 35];
const COMPANY_LINK = [5, 15, 28];
const PARTNER = [10, 23, 33];
const INACTIVE = [9, 27];
/** Their coffee card is complete and waits for its reward. */
const WAITING = [1, 4, 13];
/** They came in today. */
const TODAY = [0, 2, 6];
/** Pending claims: social posts and a Google review the café has not looked at yet. */
const PENDING_SOCIAL = [3, 8, 16];
const PENDING_REVIEW = 11;
/** Joined two days ago by a friend's link and has not bought yet: the referral is pending. */
const REFERRED_NOT_YET = 38;
/** Joined this morning: a card with no stamps ('Recém criado'). */
const JOINED_TODAY = 39;

const NOTES = ["Cappuccino", "Expresso duplo", "Café coado e bolo de cenoura", "Latte", ""];
const MESSAGES: [string, string][] = [
  ["Vocês abrem no feriado?", "Abrimos sim, das 8h às 14h. Esperamos você!"],
  ["Adorei o bolo de cenoura novo!", "Que bom que gostou! Sai do forno toda manhã."],
  [
    "Posso usar o cartão na unidade da Paulista?",
    "Por enquanto só nesta unidade, mas estamos vendo isso.",
  ],
  ["Vocês têm leite sem lactose?", "Temos sim: sem lactose, de aveia e de amêndoas."],
  ["Qual o horário de domingo?", "Domingo abrimos das 8h às 13h."],
  ["Esqueci meu guarda-chuva aí ontem, alguém achou?", "Achamos! Está guardado no balcão."],
  ["Fazem encomenda de bolo para 20 pessoas?", "Fazemos, com 48 horas de antecedência."],
  ["O Wi-Fi estava fora do ar hoje de manhã.", "Obrigado por avisar, já foi resolvido."],
  ["Consigo trocar a recompensa por um pão de queijo?", "Pode sim, é só pedir no caixa."],
  ["Parabéns pelo atendimento de hoje!", "Obrigado! Vamos passar o recado para a equipe."],
];
const MESSAGE_DAYS_AGO = [0, 1, 2, 4, 6, 9, 13, 18, 24, 31];
/** The newest messages are still waiting for an answer (unread). */
const PENDING_MESSAGES = 4;

/**
 * The members and a year of their activity, simulated day by day as the app would have recorded
 * it: joining (QR code, link, friend's link, partner's link, invitation), visits with a purchase
 * stamp or an approved claim (receipt, social post, one Google review), birthday gifts, referral
 * welcomes and rewards, cards completed, redeemed at the next visit and opened again.
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

  // 1. When each member joined and came in.
  const plans = members.map((_, i) => {
    const joinedDaysAgo =
      i === JOINED_TODAY
        ? 0
        : i === REFERRED_NOT_YET
          ? 2
          : i >= 34
            ? random.int(1, 6)
            : PARTNER.includes(i)
              ? random.int(12, 110)
              : i < 6
                ? random.int(335, 364)
                : random.int(20, 330);
    const joinDay = addDays(today, -joinedDaysAgo);
    const joinedAt = spTime(
      joinDay,
      joinedDaysAgo === 0 ? 7 * 60 + 40 : random.int(7 * 60, 19 * 60),
    );
    const gap: [number, number] =
      i % 5 === 0 || WAITING.includes(i) || TODAY.includes(i)
        ? [2, 5]
        : i % 5 < 3
          ? [5, 12]
          : [12, 35];
    // Inactive members, and some who stopped coming, have no visit after this day.
    const stopsDaysAgo = INACTIVE.includes(i)
      ? Math.min(random.int(45, 100), Math.floor(joinedDaysAgo / 2))
      : i % 7 === 3 && joinedDaysAgo > 90
        ? random.int(30, 80)
        : -1;
    const visits: Date[] = [];
    if (i !== JOINED_TODAY && i !== REFERRED_NOT_YET) {
      visits.push(new Date(joinedAt.getTime() + 3 * 60_000));
      // The ones waiting for a reward came every day lately, until the card was full.
      const lastNormal = WAITING.includes(i) ? 12 : stopsDaysAgo >= 0 ? stopsDaysAgo : 0;
      for (let d = joinedDaysAgo - random.int(gap[0], gap[1]); d >= lastNormal; ) {
        visits.push(visitTime(today, d, random));
        d -= random.int(gap[0], gap[1]);
      }
      if (WAITING.includes(i))
        for (let d = 11; d >= 1; d--) visits.push(visitTime(today, d, random));
      const last = visits.at(-1)!;
      if (TODAY.includes(i) && spDay(last) !== today) visits.push(visitTime(today, 0, random));
    }
    return {
      joinedAt,
      visits,
      stopsDaysAgo,
      pastryFrom: i % 3 === 0 ? addDays(joinDay, random.int(0, 60)) : null,
      reviewVisit: i !== PENDING_REVIEW && random.chance(0.35) ? random.int(1, 8) : -1,
    };
  });

  // 2. Referrals: a friend's first purchase qualifies it and rewards the referrer at that moment.
  const referrerOf = new Map<number, number>();
  const events: Event[][] = plans.map((p) =>
    p.visits.map((at) => ({ at, kind: "visit" as const })),
  );
  for (const friend of REFERRED) {
    const candidates = plans
      .map((p, i) => ({ p, i }))
      .filter(
        ({ p, i }) => i < friend && p.joinedAt < plans[friend]!.joinedAt && !INACTIVE.includes(i),
      );
    const referrer = random.pick(candidates).i;
    referrerOf.set(friend, referrer);
    const firstVisit = plans[friend]!.visits[0];
    if (firstVisit) events[referrer]!.push({ at: firstVisit, kind: "reward", friend });
  }
  // Birthday gifts, given by the daily job at 08:00 on the birthday.
  members.forEach((m, i) => {
    const plan = plans[i]!;
    const joinDay = spDay(plan.joinedAt);
    for (const year of [Number(today.slice(0, 4)) - 1, Number(today.slice(0, 4))]) {
      const day = birthdayIn(m.birthDate, year);
      const stopped = plan.stopsDaysAgo >= 0 && daysBetween(day, today) < plan.stopsDaysAgo;
      if (day > joinDay && day <= today && !(INACTIVE.includes(i) && stopped))
        events[i]!.push({ at: spTime(day, 8 * 60), kind: "birthday" });
    }
  });

  // 3. Each member's story, in time order.
  const rewardOutcome = new Map<number, { at: Date; rewarded: boolean }>();
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
    const story = events[i]!.sort((a, b) => a.at.getTime() - b.at.getTime());
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

  // Messages to the café: the newest wait for an answer, the older ones were answered.
  const writers = members
    .map((m, i) => ({ m, i }))
    .filter(({ i }) => !INACTIVE.includes(i) && plans[i]!.visits.length > 0);
  MESSAGE_DAYS_AGO.forEach((daysAgo, k) => {
    const candidates = writers.filter(
      ({ i }) => daysBetween(spDay(plans[i]!.joinedAt), today) > daysAgo,
    );
    const { m } = candidates[(k * 7 + 3) % candidates.length]!;
    const [question, answer] = MESSAGES[k]!;
    const sent = spTime(
      addDays(today, -daysAgo),
      daysAgo === 0 ? 9 * 60 + 45 : random.int(8 * 60, 21 * 60),
    );
    const id = random.uuid();
    const pending = k < PENDING_MESSAGES;
    out.customerMessages.push({
      id,
      companyId,
      customerId: m.id,
      sender: "customer",
      body: question,
      status: pending ? "pending" : "answered",
      createdAt: sent,
    });
    if (!pending)
      out.customerMessages.push({
        id: random.uuid(),
        companyId,
        customerId: m.id,
        sender: "company",
        body: answer,
        status: "answered",
        replyToId: id,
        authorId: owner,
        createdAt: new Date(sent.getTime() + random.int(30, 600) * 60_000),
      });
  });
  return out;
}

/** A visit `daysAgo` days before today, in opening hours (today: in the morning, before 10:30). */
function visitTime(today: string, daysAgo: number, random: Random) {
  const minutes = daysAgo === 0 ? random.int(7 * 60, 10 * 60 + 30) : random.int(7 * 60, 19 * 60);
  return spTime(addDays(today, -daysAgo), minutes);
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
