import { birthdayIn, type DemoPerson } from "./demo-cast";
import { addDays, daysBetween, type Random, spDay, spTime } from "./demo-random";

// Who is who (member indexes): how they joined, and the few whose state the demo must show.
export const REFERRED = [12, 19, 25, 31, 38];
export const INVITED = [7, 21, 35];
export const COMPANY_LINK = [5, 15, 28];
export const PARTNER = [10, 23, 33];
export const INACTIVE = [9, 27];
/** Their coffee card is complete and waits for its reward. */
export const WAITING = [1, 4, 13];
/** They came in today. */
const TODAY = [0, 2, 6];
/** Pending claims: social posts and a Google review the café has not looked at yet. */
export const PENDING_SOCIAL = [3, 8, 16];
export const PENDING_REVIEW = 11;
/** Joined two days ago by a friend's link and has not bought yet: the referral is pending. */
export const REFERRED_NOT_YET = 38;
/** Joined this morning: a card with no stamps ('Recém criado'). */
const JOINED_TODAY = 39;

/** What happens to a member, in time order: visits, birthday gifts, a friend's first purchase. */
export type Event =
  | { at: Date; kind: "visit" }
  | { at: Date; kind: "birthday" }
  | { at: Date; kind: "reward"; friend: number };

/** When a member joined, came in, stopped coming; when they took the pastry card; a review. */
export type Plan = {
  joinedAt: Date;
  visits: Date[];
  stopsDaysAgo: number;
  pastryFrom: string | null;
  reviewVisit: number;
};

/**
 * The year of each member, decided before it is told: when they joined and came in, who referred
 * the friends (rewarded at the friend's first purchase), and the birthday gifts the daily job gave.
 */
export function planMembers(members: DemoPerson[], today: string, random: Random) {
  // 1. When each member joined and came in.
  const plans: Plan[] = members.map((_, i) => {
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

  return { plans, referrerOf, events };
}

/** A visit `daysAgo` days before today, in opening hours (today: in the morning, before 10:30). */
function visitTime(today: string, daysAgo: number, random: Random) {
  const minutes = daysAgo === 0 ? random.int(7 * 60, 10 * 60 + 30) : random.int(7 * 60, 19 * 60);
  return spTime(addDays(today, -daysAgo), minutes);
}
