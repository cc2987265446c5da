import { randomUUID } from "node:crypto";
import { toLanguage } from "@shared/languages";
import { samePhone } from "@shared/phone";
import {
  type DecideReferral,
  REFERRAL_IP_DAILY_LIMIT,
  type ReferralReason,
  type ReferralState,
} from "@shared/referrals.schema";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { advisoryLock } from "../../db/advisory-lock";
import type { Db, Tx } from "../../db/client";
import { reusableQuery } from "../../db/prepared";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { emitWebhookEvent } from "../integrations/webhooks.service";
import { queueEmail } from "../mail/outbox";
import { referralRewardEmail } from "./referral-email";
import {
  findReferralPerson,
  findReferralRules,
  type ReferralPerson,
  type ReferralRulesRow,
  referralsThisMonth,
} from "./referrals.queries";
import { bonusEntries, referrals } from "./referrals.table";

type Referral = typeof referrals.$inferSelect;

/**
 * How a referral rule gives stamps: `worth` stamps (method `referral`) on the member's open card in
 * the default programme, inside the caller's transaction; fails with an AppError when the card is
 * complete or the member inactive. The flows pass flows/give-stamp.ts `giveRuleStamps`: this
 * module never writes cards or stamps itself.
 */
export type GiveReferralStamps = (
  tx: Tx,
  membership: { id: string; companyId: string; customerId: string },
  method: "referral",
  worth: number,
) => Promise<{ added: number }>;

const notFound = () => new AppError("not_found", 404, "Referral not found");

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A friend who has just become a member of the company through a member's personal link
 * (`indicador`), inside the joining transaction. Nothing is recorded when the referrer is not a
 * member of the company or is the friend; otherwise one row (unique per friend and company: one
 * referrer per referred member) in the state the rules give:
 * - the company's referral rules off → `blocked` (rules_off): the link joined, nothing is credited;
 * - the same e-mail or phone as the referrer → `blocked` (self_referral);
 * - the referrer already has the monthly cap of referrals this month (São Paulo) → `blocked`;
 * - more than REFERRAL_IP_DAILY_LIMIT referrals from the friend's IP address at this company in the
 *   last 24 hours → `held` for the company to approve or block;
 * - otherwise `pending`, and the friend gets the welcome stamps and bonus at once.
 * The caller must only call this for a customer new to the company (a membership it just created).
 */
export async function recordReferral(
  tx: Tx,
  input: { companyId: string; referrerId: string; referredId: string; ip: string | null },
  giveStamps: GiveReferralStamps,
): Promise<ReferralState | null> {
  if (input.referrerId === input.referredId) return null;
  const [rules, referrer, friend] = await Promise.all([
    findReferralRules(tx, input.companyId),
    findReferralPerson(tx, input.companyId, input.referrerId),
    findReferralPerson(tx, input.companyId, input.referredId),
  ]);
  if (!rules || !referrer?.membershipId || !friend) return null;

  // Counted under locks, so two friends joining at once cannot both pass a limit.
  await advisoryLock(tx, `referral:${input.companyId}:${input.referrerId}`);
  if (input.ip) await advisoryLock(tx, `referral-ip:${input.companyId}:${input.ip}`);

  let state: ReferralState = "pending";
  let reason: ReferralReason | null = null;
  if (!rules.enabled) [state, reason] = ["blocked", "rules_off"];
  else if (sameEmail(referrer.email, friend.email) || samePhone(referrer.phone, friend.phone))
    [state, reason] = ["blocked", "self_referral"];
  else if ((await referralsThisMonth(tx, input.companyId, input.referrerId)) >= rules.monthlyCap)
    [state, reason] = ["blocked", "monthly_cap"];
  else if (
    input.ip &&
    (await referralsFromIp(tx, input.companyId, input.ip)) >= REFERRAL_IP_DAILY_LIMIT
  )
    [state, reason] = ["held", "ip_burst"];

  const [row] = await tx
    .insert(referrals)
    .values({
      id: randomUUID(),
      companyId: input.companyId,
      referrerId: input.referrerId,
      referredId: input.referredId,
      state,
      reason,
      ipAddress: input.ip,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  if (state === "pending") await giveWelcome(tx, row, rules, friend, giveStamps);
  return state;
}

/** Referrals from one IP address at the company in the last 24 hours, whatever their state. */
async function referralsFromIp(tx: Db, companyId: string, ip: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(referrals)
    .where(
      and(
        eq(referrals.companyId, companyId),
        eq(referrals.ipAddress, ip),
        gt(referrals.createdAt, sql`now() - interval '1 day'`),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The friend's welcome: the rules' `referredStamps` (method `referral`, on the open card of the
 * default programme) and `referredBonusCents` on the bonus balance, kept on the referral row.
 */
async function giveWelcome(
  tx: Tx,
  referral: Referral,
  rules: ReferralRulesRow,
  friend: ReferralPerson,
  giveStamps: GiveReferralStamps,
): Promise<void> {
  let stamps = 0;
  if (rules.referredStamps > 0 && friend.membershipId) {
    try {
      ({ added: stamps } = await giveStamps(
        tx,
        { id: friend.membershipId, companyId: referral.companyId, customerId: friend.id },
        "referral",
        rules.referredStamps,
      ));
    } catch (error) {
      // A complete card or an inactive member gets no stamps; the bonus is still given.
      if (!(error instanceof AppError)) throw error;
    }
  }
  if (rules.referredBonusCents > 0) {
    await tx.insert(bonusEntries).values({
      id: randomUUID(),
      companyId: referral.companyId,
      customerId: friend.id,
      kind: "referred",
      amountCents: rules.referredBonusCents,
      referralId: referral.id,
    });
  }
  await tx
    .update(referrals)
    .set({ referredStamps: stamps, referredBonusCents: rules.referredBonusCents })
    .where(eq(referrals.id, referral.id));
}

/**
 * A staff stamp was just given to `customerId` (inside its transaction): the first one qualifies
 * the friend's pending referral, and the referrer is rewarded at once when possible.
 */
export async function qualifyReferral(
  tx: Tx,
  input: { companyId: string; customerId: string; appUrl: string },
  giveStamps: GiveReferralStamps,
): Promise<void> {
  const [referral] = await qualifyQuery(tx, {
    companyId: input.companyId,
    customerId: input.customerId,
  });
  if (!referral) return;
  await emitWebhookEvent(tx, input.companyId, "referral.qualified", {
    referralId: referral.id,
    referrerId: referral.referrerId,
    memberId: referral.referredId,
  });
  await rewardReferrer(tx, referral, input.appUrl, giveStamps);
}

// Run on every staff stamp (nearly always updating nothing): prepared once per connection.
const qualifyQuery = reusableQuery("qualify_referral", (db) =>
  db
    .update(referrals)
    .set({ state: "qualified", qualifiedAt: sql`now()` })
    .where(
      and(
        eq(referrals.companyId, sql.placeholder("companyId")),
        eq(referrals.referredId, sql.placeholder("customerId")),
        eq(referrals.state, "pending"),
      ),
    )
    .returning(),
);

/**
 * The referrer's reward for a qualified referral: `referrerStamps` (method `referral`) and
 * `referrerBonusCents`, a notice in the app and an e-mail (outbox, same transaction). With the
 * rules off by now, the referral is blocked (rules_off); when the referrer is inactive or their card
 * is complete and waiting for its reward, it stays qualified (referrer_unavailable) until the
 * company rewards it by hand. Returns whether it was rewarded.
 */
async function rewardReferrer(
  tx: Tx,
  referral: Referral,
  appUrl: string,
  giveStamps: GiveReferralStamps,
): Promise<boolean> {
  const [rules, referrer, friend] = await Promise.all([
    findReferralRules(tx, referral.companyId),
    findReferralPerson(tx, referral.companyId, referral.referrerId),
    findReferralPerson(tx, referral.companyId, referral.referredId),
  ]);
  if (!rules || !referrer || !friend) return false;
  if (!rules.enabled) {
    await setState(tx, referral.id, { state: "blocked", reason: "rules_off" });
    return false;
  }
  const unavailable = async () => {
    await setState(tx, referral.id, { state: "qualified", reason: "referrer_unavailable" });
    return false;
  };
  if (!referrer.membershipId || referrer.memberStatus !== "active") return unavailable();
  let stamps = 0;
  if (rules.referrerStamps > 0) {
    try {
      ({ added: stamps } = await giveStamps(
        tx,
        { id: referrer.membershipId, companyId: referral.companyId, customerId: referrer.id },
        "referral",
        rules.referrerStamps,
      ));
    } catch (error) {
      if (error instanceof AppError) return unavailable();
      throw error;
    }
  }
  if (rules.referrerBonusCents > 0) {
    await tx.insert(bonusEntries).values({
      id: randomUUID(),
      companyId: referral.companyId,
      customerId: referrer.id,
      kind: "referrer",
      amountCents: rules.referrerBonusCents,
      referralId: referral.id,
    });
  }
  await tx
    .update(referrals)
    .set({
      state: "rewarded",
      reason: null,
      rewardedAt: sql`now()`,
      referrerStamps: stamps,
      referrerBonusCents: rules.referrerBonusCents,
    })
    .where(eq(referrals.id, referral.id));

  const reward = {
    friendName: friend.name,
    companyName: rules.companyName,
    stamps,
    bonusCents: rules.referrerBonusCents,
    language: toLanguage(referrer.language),
  };
  // The customer's bell shows the reward as 'Indicação premiada' (the referral itself): no
  // company notice besides, which the bell would show again as 'Resposta recebida'.
  await queueEmail(
    tx,
    referralRewardEmail({
      ...reward,
      to: referrer.email,
      name: referrer.name,
      url: new URL(`/dashboard-cliente-cartao-fidelidade/${referral.companyId}`, appUrl).href,
    }),
  );
  return true;
}

async function setState(
  tx: Db,
  id: string,
  values: { state: ReferralState; reason: ReferralReason | null; decidedBy?: string },
) {
  await tx
    .update(referrals)
    .set({ ...values, ...(values.decidedBy ? { decidedAt: sql`now()` } : {}) })
    .where(eq(referrals.id, id));
}

const stateConflict = () =>
  new AppError("referral_state_conflict", 409, "The referral is not in a state for this decision.");

/**
 * The company's decision on one of its referrals: approve a held one (it becomes pending and the
 * friend gets the welcome), block a held or pending one, or reward a qualified one whose referrer
 * could not be credited before (409 referral_reward_unavailable while that is still so).
 */
export async function decideReferral(
  db: Db,
  actor: CompanyActor,
  id: string,
  { decision }: DecideReferral,
  appUrl: string,
  giveStamps: GiveReferralStamps,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [referral] = await tx
      .select()
      .from(referrals)
      .where(and(eq(referrals.id, id), eq(referrals.companyId, actor.companyId)))
      .for("update");
    if (!referral) throw notFound();
    const by = { decidedBy: actor.userId };
    if (decision === "block") {
      if (referral.state !== "held" && referral.state !== "pending") throw stateConflict();
      await setState(tx, id, { state: "blocked", reason: "company", ...by });
      return;
    }
    if (decision === "approve") {
      if (referral.state !== "held") throw stateConflict();
      const [rules, friend] = await Promise.all([
        findReferralRules(tx, referral.companyId),
        findReferralPerson(tx, referral.companyId, referral.referredId),
      ]);
      if (!rules || !friend) throw notFound();
      await setState(tx, id, { state: "pending", reason: null, ...by });
      if (rules.enabled) await giveWelcome(tx, referral, rules, friend, giveStamps);
      else await setState(tx, id, { state: "blocked", reason: "rules_off", ...by });
      return;
    }
    if (referral.state !== "qualified") throw stateConflict();
    await setState(tx, id, { state: "qualified", reason: referral.reason, ...by });
    if (!(await rewardReferrer(tx, referral, appUrl, giveStamps)))
      throw new AppError(
        "referral_reward_unavailable",
        409,
        "The referrer cannot be credited now (inactive, or the card is complete).",
      );
  });
}
