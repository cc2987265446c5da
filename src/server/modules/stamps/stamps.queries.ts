import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reusableQuery } from "../../db/prepared";
import { inSaoPaulo, saoPauloDateOf, saoPauloToday } from "../../db/time-zone";
import { memberships } from "../customers/memberships.table";
import { stamps } from "./stamps.table";

/**
 * The stamps' read model for the counter's rules (flows/give-stamp.ts): what a customer already
 * got at the counter, read under a lock so two concurrent stamps cannot both pass a limit.
 *
 * The stamps the rules count ('counter stamps'): the team's stamps given at once (purchase,
 * receipt, social, Google review) and the customers' self-stamps; not the claims the team
 * approved later, nor the rules' birthday and referral stamps.
 */
const COUNTER_METHODS = ["purchase", "receipt", "social", "google_review"] as const;

const counterStamp = and(
  eq(stamps.status, "approved"),
  eq(stamps.claimed, false),
  inArray(stamps.method, [...COUNTER_METHODS]),
);

// A row lock of the membership: every counter stamp of one customer at one company queues here,
// whichever of their cards it goes on, so the daily cap holds across cards. FOR NO KEY UPDATE does
// not block the foreign-key checks of a card opened meanwhile.
const lockMembershipQuery = reusableQuery("lock_membership_for_stamp", (db) =>
  db
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.id, sql.placeholder("membershipId")))
    .for("no key update"),
);

/** The first instant of today (São Paulo) and of tomorrow, as timestamptz. */
const todayStart = inSaoPaulo(sql`${saoPauloToday()}::timestamp`);
const tomorrowStart = inSaoPaulo(sql`(${saoPauloToday()} + 1)::timestamp`);

const windowQuery = reusableQuery("counter_stamp_window", (db) =>
  db
    .select({
      now: sql<Date>`now()`.mapWith(stamps.createdAt),
      lastOnCard: sql<Date | null>`(select max(${stamps.createdAt}) from ${stamps}
        where ${stamps.cardId} = ${sql.placeholder("cardId")} and ${counterStamp})`.mapWith(
        stamps.createdAt,
      ),
      today: sql<number>`(select coalesce(sum(${stamps.count}), 0)::int from ${stamps}
        where ${stamps.companyId} = ${sql.placeholder("companyId")}
          and ${stamps.customerId} = ${sql.placeholder("customerId")}
          and ${gte(stamps.createdAt, todayStart)}
          and ${counterStamp})`.mapWith(Number),
      tomorrow: sql<Date>`${tomorrowStart}`.mapWith(stamps.createdAt),
    })
    .from(sql`(select 1) as one`),
);

/**
 * Locks the customer's membership until the caller's transaction ends, then reads (a statement of
 * its own, so it sees every stamp committed before the lock was granted): the database's time,
 * the last counter stamp on the card, the worth of the customer's counter stamps today at the
 * company (São Paulo day), and when tomorrow starts.
 */
export async function lockCounterWindow(
  tx: Db,
  target: { membershipId: string; cardId: string; companyId: string; customerId: string },
): Promise<{ now: Date; lastOnCard: Date | null; today: number; tomorrow: Date }> {
  await lockMembershipQuery(tx, { membershipId: target.membershipId });
  const [row] = await windowQuery(tx, {
    cardId: target.cardId,
    companyId: target.companyId,
    customerId: target.customerId,
  });
  if (!row) throw new Error("The counter window query answered no row");
  return row;
}

/** The moment a stamp given offline was given (`givenAt`), as a statement's parameter. */
const givenAt = sql`${sql.placeholder("at")}::timestamptz`;
const givenDayStart = inSaoPaulo(sql`${saoPauloDateOf(givenAt)}::timestamp`);
const givenNextDayStart = inSaoPaulo(sql`(${saoPauloDateOf(givenAt)} + 1)::timestamp`);

const windowAtQuery = reusableQuery("counter_stamp_window_at", (db) =>
  db
    .select({
      now: sql<Date>`${givenAt}`.mapWith(stamps.createdAt),
      lastOnCard: sql<Date | null>`(select max(${stamps.createdAt}) from ${stamps}
        where ${stamps.cardId} = ${sql.placeholder("cardId")} and ${counterStamp}
          and ${stamps.createdAt} <= ${givenAt})`.mapWith(stamps.createdAt),
      nextOnCard: sql<Date | null>`(select min(${stamps.createdAt}) from ${stamps}
        where ${stamps.cardId} = ${sql.placeholder("cardId")} and ${counterStamp}
          and ${stamps.createdAt} > ${givenAt})`.mapWith(stamps.createdAt),
      today: sql<number>`(select coalesce(sum(${stamps.count}), 0)::int from ${stamps}
        where ${stamps.companyId} = ${sql.placeholder("companyId")}
          and ${stamps.customerId} = ${sql.placeholder("customerId")}
          and ${stamps.createdAt} >= ${givenDayStart} and ${stamps.createdAt} < ${givenNextDayStart}
          and ${counterStamp})`.mapWith(Number),
      tomorrow: sql<Date>`${givenNextDayStart}`.mapWith(stamps.createdAt),
    })
    .from(sql`(select 1) as one`),
);

/**
 * The counter window AT `at`, for a stamp given offline and sent later (issue 32 item 5): under
 * the same lock, the last counter stamp on the card at or before `at` and the first one after it
 * (a stamp given at the till since the drop counts for the interval too), and the worth of the
 * customer's counter stamps on `at`'s São Paulo day, which `tomorrow` ends.
 */
export async function lockCounterWindowAt(
  tx: Db,
  target: { membershipId: string; cardId: string; companyId: string; customerId: string },
  at: Date,
): Promise<{
  now: Date;
  lastOnCard: Date | null;
  nextOnCard: Date | null;
  today: number;
  tomorrow: Date;
}> {
  await lockMembershipQuery(tx, { membershipId: target.membershipId });
  const [row] = await windowAtQuery(tx, {
    cardId: target.cardId,
    companyId: target.companyId,
    customerId: target.customerId,
    at: at.toISOString(),
  });
  if (!row) throw new Error("The counter window query answered no row");
  return row;
}
