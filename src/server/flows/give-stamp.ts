/**
 * Giving a stamp (flow: decision 022). A staff stamp is one transaction, opened here: the card is
 * credited (cards), the stamp row written (stamps), and, being a real visit, the customer's pending
 * referral qualified, its referrer rewarded at once when possible (referrals). A repeat with the
 * same Idempotency-Key answers the first answer (middleware/idempotency.ts).
 *
 * The counter's rules (issue 30, 'Regras do Programa'), checked once the card is locked: at least
 * `stamp_interval_minutes` between two counter stamps on one card, at most `daily_stamp_cap` counter
 * stamps a São Paulo day per customer and company (0 turns either off; what counts is in
 * stamps.queries.ts), refused with 409 `stamp_too_soon` / `stamp_daily_cap` and `fields.at`, when
 * the next stamp is allowed. A Gerente or Dono may pass them with `overrideReason`, kept on the
 * stamp with who gave it. A grant is worth the method's stamps times `quantity`, or, with stamps by
 * value, the purchase's amount over the company's value (at most its maximum per purchase).
 *
 * The rules' stamps (birthday gift, referral welcome and reward) go through `giveRuleStamps`, the
 * one way another module's rule gives stamps; they are not counter stamps.
 */
import { randomUUID } from "node:crypto";
import type { CompanyCard } from "@shared/cards.schema";
import type { AddCustomerStamp, AddStamp } from "@shared/stamps.schema";
import { can } from "@shared/team-permissions";
import type { Db, Tx } from "../db/client";
import { AppError } from "../errors";
import type { CompanyActor } from "../middleware/actor";
import { type IdempotentRequest, withIdempotency } from "../middleware/idempotency";
import { type CreditRules, creditCard, openCard } from "../modules/cards/cards.service";
import { findMembership } from "../modules/customers/memberships.service";
import { queueCustomerEmail } from "../modules/notifications/customer-emails";
import { findDefaultProgram } from "../modules/programs/programs.queries";
import { findProgram } from "../modules/programs/programs.service";
import { qualifyReferral } from "../modules/referrals/referrals.service";
import { lockCounterWindow, lockCounterWindowAt } from "../modules/stamps/stamps.queries";
import { recordRuleStamp, recordStaffStamp } from "../modules/stamps/stamps.service";

export type GiveStampDeps = { db: Db; appUrl: string };

/** Where the staff stamp goes: a card, or a customer's open card in a programme (or the default). */
export type StampTarget =
  | { cardId: string; input: AddStamp }
  | { customerId: string; input: AddCustomerStamp };

/**
 * A staff stamp: on the card (`POST /api/cards/:id/stamps`) or on the customer's open card in
 * `programId`, opening one when none is open ('Adicionar Carimbo', `POST /api/customers/:id/stamps`).
 * Answers the card after the stamp. `givenAt`: a stamp the counter gave offline and sends now
 * (`POST /api/counter/stamps`): its row keeps that time, and the counter's rules are checked at it.
 */
export async function giveStamp(
  { db, appUrl }: GiveStampDeps,
  actor: CompanyActor,
  target: StampTarget,
  request: IdempotentRequest,
  { givenAt }: { givenAt?: Date } = {},
): Promise<CompanyCard> {
  if (target.input.overrideReason !== undefined && !can(actor.role, "stampOverride")) {
    throw new AppError(
      "override_not_allowed",
      403,
      "Only a manager or an owner may pass the interval or the daily cap.",
    );
  }
  const answer = await withIdempotency(db, `stamp:${actor.companyId}`, request, async (tx) => {
    const cardId =
      "cardId" in target
        ? target.cardId
        : await openCardToStamp(tx, actor, target.customerId, target.input.programId);
    const { customerId, card } = await stampCard(tx, appUrl, actor, cardId, target.input, givenAt);
    await qualifyReferral(tx, { companyId: actor.companyId, customerId, appUrl }, giveRuleStamps);
    return { status: 201, body: card };
  });
  // A repeat (Idempotency-Key) answers the first answer, stored as JSON: the same shape.
  return answer.body as CompanyCard;
}

/**
 * The customer's open card in `programId` (the default programme when absent), opening one with
 * the programme's size and reward when none is open (after a redemption this opens the customer's
 * next card). An archived programme's open card is still stamped; it opens no new one (409
 * `program_archived`). Another company's customer, or an inactive member: 404.
 */
export async function openCardToStamp(
  tx: Tx,
  actor: CompanyActor,
  customerId: string,
  programId: string | undefined,
): Promise<string> {
  const membership = await findMembership(tx, actor.companyId, customerId);
  if (membership?.status !== "active") {
    throw new AppError("not_found", 404, "Customer not found");
  }
  const program = programId
    ? await findProgram(tx, actor.companyId, programId)
    : await findDefaultProgram(tx, actor.companyId);
  const { cardId } = await openCard(tx, { membership, program });
  return cardId;
}

/**
 * A staff stamp on a card: approved at once, with who gave it, where and when, within the counter's
 * rules (or past them with a manager's reason).
 */
export async function stampCard(
  tx: Tx,
  appUrl: string,
  actor: CompanyActor,
  cardId: string,
  input: AddStamp,
  givenAt?: Date,
  {
    externalSaleId,
    worth,
  }: {
    externalSaleId?: string;
    /** What the grant is worth, in place of counterWorth (the public API's count). */
    worth?: (rules: CreditRules, perMethod: number) => number;
  } = {},
) {
  let overridden = false;
  let byValue = false;
  const { added, customerId, card } = await creditCard(tx, actor, cardId, input.method, {
    worth: (rules, perMethod) => {
      byValue =
        input.method === "purchase" && input.amountCents !== undefined && !!rules.stampValueCents;
      return worth ? worth(rules, perMethod) : counterWorth(rules, perMethod, input);
    },
    at: givenAt,
    check: async (locked) => {
      const target = { ...locked, cardId, companyId: actor.companyId, at: givenAt };
      overridden = await checkCounterRules(tx, target, input.overrideReason);
    },
  });
  // The stamp that completes the card is told by e-mail too (under the customer's switch).
  if (card.status === "complete") {
    const target = { customerId, companyId: actor.companyId };
    await queueCustomerEmail(tx, appUrl, { kind: "cardComplete", ...target, reward: card.reward });
  }
  const stampId = randomUUID();
  await recordStaffStamp(tx, {
    id: stampId,
    cardId,
    companyId: actor.companyId,
    customerId,
    method: input.method,
    count: added,
    notes: input.notes || null,
    // Through the public API the key gave it ("via <key name>"), no one of the team.
    givenBy: actor.apiKeyId ? null : actor.userId,
    apiKeyId: actor.apiKeyId ?? null,
    amountCents: byValue ? (input.amountCents ?? null) : null,
    externalSaleId: externalSaleId ?? null,
    locationId: actor.locationId,
    overrideReason: overridden ? (input.overrideReason ?? null) : null,
    createdAt: givenAt,
  });
  return { customerId, card, stampId, added };
}

/**
 * What a counter grant is worth before the card's maximum: with stamps by value (the company's
 * `stamp_value_cents`) a purchase with its amount earns the amount over the value, at most
 * `max_stamps_per_purchase` (an amount worth less than one stamp: 422 `stamp_amount_too_low`);
 * otherwise the method's stamps times the quantity of purchases. The amount is the whole purchase:
 * with it the quantity is not used; without the rule the amount is not used.
 */
export function counterWorth(
  rules: CreditRules,
  perMethod: number,
  input: Pick<AddStamp, "method" | "quantity" | "amountCents">,
): number {
  if (input.method === "purchase" && input.amountCents !== undefined && rules.stampValueCents) {
    const byValue = Math.floor(input.amountCents / rules.stampValueCents);
    if (byValue < 1) {
      throw new AppError(
        "stamp_amount_too_low",
        422,
        "The purchase is worth less than one stamp.",
        { amountCents: "stamp_amount_too_low" },
      );
    }
    return rules.maxStampsPerPurchase ? Math.min(byValue, rules.maxStampsPerPurchase) : byValue;
  }
  return perMethod * input.quantity;
}

/**
 * The counter's interval and daily cap for `added` more stamps on the locked card (the customer's
 * membership is locked too: see stamps.queries.ts). Within them: false. Past one of them: true
 * when `overrideReason` passes it (the caller checked who may), else 409 with `fields.at`, when the
 * next stamp is allowed (the later of the two when both are passed). With `at` (a stamp given
 * offline, sent later) they are checked at that moment: the interval against the card's counter
 * stamps before and after it, the cap on that São Paulo day.
 */
export async function checkCounterRules(
  tx: Tx,
  target: {
    membershipId: string;
    cardId: string;
    companyId: string;
    customerId: string;
    added: number;
    rules: CreditRules;
    at?: Date;
  },
  overrideReason?: string,
): Promise<boolean> {
  const { rules, added } = target;
  if (rules.intervalMinutes <= 0 && rules.dailyCap <= 0) return false;
  const window = target.at
    ? await lockCounterWindowAt(tx, target, target.at)
    : { ...(await lockCounterWindow(tx, target)), nextOnCard: null };
  const refusals: { code: "stamp_too_soon" | "stamp_daily_cap"; at: Date }[] = [];
  const interval = rules.intervalMinutes * 60_000;
  if (rules.intervalMinutes > 0 && window.lastOnCard) {
    const at = new Date(window.lastOnCard.getTime() + interval);
    if (at > window.now) refusals.push({ code: "stamp_too_soon", at });
  }
  if (rules.intervalMinutes > 0 && window.nextOnCard) {
    if (window.nextOnCard.getTime() - window.now.getTime() < interval) {
      refusals.push({
        code: "stamp_too_soon",
        at: new Date(window.nextOnCard.getTime() + interval),
      });
    }
  }
  if (rules.dailyCap > 0 && window.today + added > rules.dailyCap) {
    refusals.push({ code: "stamp_daily_cap", at: window.tomorrow });
  }
  const refusal = refusals.sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  if (!refusal) return false;
  if (overrideReason) return true;
  throw new AppError(
    refusal.code,
    409,
    refusal.code === "stamp_too_soon"
      ? "This card got a stamp moments ago."
      : "The customer got today's stamps already.",
    { at: refusal.at.toISOString() },
  );
}

/**
 * A rule's stamps given by no one (approved at once) on the member's open card in the default
 * programme, opening one when none is open, as 'Adicionar Carimbo' does: the birthday rule's gift
 * (method `birthday`, worth the rule's stamps), the referral rules' stamps (method `referral`,
 * worth `worth`) and an imported paper card's stamps on accepting (method `import`, worth
 * `worth`). Inside the caller's transaction; fails like a staff stamp (409 `card_complete` when
 * the open card is complete, `customer_inactive`). Returns the card and the stamps added.
 */
export async function giveRuleStamps(
  tx: Tx,
  membership: { id: string; companyId: string; customerId: string },
  method: "birthday" | "referral" | "import",
  worth?: number,
): Promise<{ cardId: string; added: number }> {
  const program = await findDefaultProgram(tx, membership.companyId);
  const { cardId } = await openCard(tx, { membership, program });
  const { added } = await creditCard(tx, { companyId: membership.companyId }, cardId, method, {
    worth,
  });
  await recordRuleStamp(tx, {
    cardId,
    companyId: membership.companyId,
    customerId: membership.customerId,
    method,
    count: added,
  });
  return { cardId, added };
}
