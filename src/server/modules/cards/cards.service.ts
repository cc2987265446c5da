import { randomBytes, randomUUID } from "node:crypto";
import type { CompanyCard, RedeemCard, Voucher } from "@shared/cards.schema";
import { ANON_ID_PREFIX } from "@shared/privacy.schema";
import type { StampMethod } from "@shared/stamps.schema";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { reusableQuery } from "../../db/prepared";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { emitWebhookEvent } from "../integrations/webhooks.service";
import { queueCustomerPush } from "../push/push.service";
import { queueWalletSync } from "../wallet/wallet.service";
import { getCompanyCard, lockCardForCredit } from "./cards.queries";
import { loyaltyCards } from "./cards.table";

/**
 * 'Marcar Utilização': a complete card becomes redeemed, keeping its history, with who redeemed it
 * and at which shop. One conditional UPDATE (status still 'complete'): of any number of concurrent
 * redemptions exactly one changes the row, the others find it redeemed (409 card_redeemed).
 */
export async function redeemCard(
  db: Db,
  actor: CompanyActor,
  cardId: string,
  input: RedeemCard,
): Promise<CompanyCard> {
  const updated = await db
    .update(loyaltyCards)
    .set({
      status: "redeemed",
      redeemedAt: sql`now()`,
      // Through the public API the key redeemed it ("via <key name>"), no one of the team.
      redeemedBy: actor.apiKeyId ? null : actor.userId,
      redeemedByKeyId: actor.apiKeyId ?? null,
      redeemedLocationId: actor.locationId,
      redemptionBonusType: input.bonusType || null,
      redemptionNotes: input.notes || null,
    })
    .where(
      and(
        eq(loyaltyCards.id, cardId),
        eq(loyaltyCards.companyId, actor.companyId),
        eq(loyaltyCards.status, "complete"),
      ),
    )
    .returning({ id: loyaltyCards.id });
  if (updated.length === 0) {
    const card = await getCompanyCard(db, actor.companyId, cardId);
    if (card.status === "redeemed")
      throw new AppError("card_redeemed", 409, "The card was already redeemed.");
    throw new AppError("card_not_complete", 409, "The card is not complete yet.");
  }
  // The saved Google Wallet pass shows the card redeemed (when Google Wallet is on).
  await queueWalletSync(db, cardId);
  const redeemed = await getCompanyCard(db, actor.companyId, cardId);
  // 'Prêmio resgatado' on the customer's devices that switched it on.
  await queueCustomerPush(db, redeemed.customerId, "redeemed", {
    companyId: actor.companyId,
    reward: redeemed.reward,
    url: customerCardUrl(actor.companyId),
  });
  await emitWebhookEvent(db, actor.companyId, "reward.redeemed", {
    cardId,
    memberId: redeemed.customerId,
    reward: redeemed.reward,
    stamps: redeemed.stamps,
    maxStamps: redeemed.maxStamps,
    apiKeyId: actor.apiKeyId ?? null,
  });
  return redeemed;
}

/** The customer's card page of a company (where a push notice opens). */
const customerCardUrl = (companyId: string) => `/dashboard-cliente-cartao-fidelidade/${companyId}`;

/** Voucher codes: 8 characters without look-alikes (no 0/O, 1/I). */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

const newCode = () =>
  Array.from(randomBytes(8), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");

/** The customer's voucher for one of their complete cards (the same code on every call). */
export async function createVoucher(db: Db, customerId: string, cardId: string): Promise<Voucher> {
  const [card] = await db
    .select({ status: loyaltyCards.status, code: loyaltyCards.redemptionCode })
    .from(loyaltyCards)
    .where(and(eq(loyaltyCards.id, cardId), eq(loyaltyCards.customerId, customerId)))
    .limit(1);
  if (!card) throw new AppError("not_found", 404, "Card not found");
  if (card.status === "redeemed")
    throw new AppError("card_redeemed", 409, "The card was already redeemed.");
  if (card.status !== "complete")
    throw new AppError("card_not_complete", 409, "The card is not complete yet.");
  if (card.code) return { cardId, code: card.code };
  const [row] = await db
    .update(loyaltyCards)
    .set({ redemptionCode: sql`coalesce(${loyaltyCards.redemptionCode}, ${newCode()})` })
    .where(eq(loyaltyCards.id, cardId))
    .returning({ code: loyaltyCards.redemptionCode });
  return { cardId, code: row!.code! };
}

// ---------------------------------------------------------------------------------------------
// Crediting cards (stamps and approved claims)

/**
 * Stamps one grant of `method` is worth, by the company's loyalty rules (a receipt counts as a
 * purchase, a birthday gift is the birthday rule's stamps; a new company starts with
 * SETTINGS_DEFAULTS.loyaltyRules, the columns' defaults).
 */
function stampsPerMethod(
  rules: { purchase: number; review: number; social: number; birthday: number },
  method: StampMethod,
): number {
  return {
    purchase: rules.purchase,
    receipt: rules.purchase,
    social: rules.social,
    google_review: rules.review,
    birthday: rules.birthday,
    // The referral rules' stamps differ for the friend and the referrer: the caller says (worth).
    referral: 0,
    // The paper card's stamps of an import: the caller says (worth).
    import: 0,
  }[method];
}

/** The company's rules as a credit reads them with the locked card. */
export type CreditRules = {
  purchase: number;
  review: number;
  social: number;
  birthday: number;
  /** Minutes between two counter stamps on one card (0: off). */
  intervalMinutes: number;
  /** Counter stamps a customer may get in a São Paulo day (0: off). */
  dailyCap: number;
  /** Stamps by purchase value: one per this many cents (null: off), at most this many. */
  stampValueCents: number | null;
  maxStampsPerPurchase: number | null;
};

export type CreditOptions = {
  /**
   * What the grant is worth when the method's rule does not say it alone: a number (the referral
   * stamps), or worked out from the company's rules and the method's worth (the counter's quantity
   * and purchase value). Never past the card's maximum either way.
   */
  worth?: number | ((rules: CreditRules, perMethod: number) => number);
  /**
   * Runs once the card is locked, before it is credited, with the stamps about to be added: it may
   * refuse the grant by throwing (the counter's interval and daily cap, flows/give-stamp.ts).
   */
  check?: (locked: {
    membershipId: string;
    customerId: string;
    added: number;
    rules: CreditRules;
  }) => Promise<void>;
  /**
   * When the stamps were given, if not now (a stamp the counter gave offline and sends later): a
   * card it completes is completed then, as its completing stamp was approved then (reports match
   * the two).
   */
  at?: Date;
};

/**
 * Adds the stamps `method` is worth to one of the company's cards, inside the caller's transaction.
 * The card row is locked first, so concurrent grants queue: the card never passes its maximum,
 * completes once (with its time), and a complete or redeemed card answers 409.
 */
export async function creditCard(
  tx: Db,
  actor: Pick<CompanyActor, "companyId">,
  cardId: string,
  method: StampMethod,
  { worth, check, at }: CreditOptions = {},
): Promise<{ added: number; customerId: string; card: CompanyCard }> {
  // The company's rules, the membership's status and what the answer shows come with the locked
  // card (one round trip).
  const row = await lockCardForCredit(tx, actor.companyId, cardId);
  if (!row) throw new AppError("not_found", 404, "Card not found");
  const { card, rules } = row;
  // A member who left (or deleted the account), even while this waited for the card's lock: the
  // locked row is re-pointed to an anonymous id, and nothing may be given to it (issue 34).
  if (card.customerId.startsWith(ANON_ID_PREFIX))
    throw new AppError("customer_not_member", 404, "The customer is not a member.");
  if (row.memberStatus !== "active")
    throw new AppError("customer_inactive", 409, "The customer is inactive.");
  if (card.status === "redeemed")
    throw new AppError("card_redeemed", 409, "The card was already redeemed.");
  if (card.status === "complete") throw new AppError("card_complete", 409, "The card is complete");

  const perMethod = stampsPerMethod(rules, method);
  const worthOf = typeof worth === "function" ? worth(rules, perMethod) : (worth ?? perMethod);
  const added = Math.min(worthOf, card.maxStamps - card.stamps);
  await check?.({ membershipId: card.membershipId, customerId: card.customerId, added, rules });
  const total = card.stamps + added;
  const status = total >= card.maxStamps ? "complete" : "active";
  const [credited] = await creditQuery(tx, {
    cardId: card.id,
    total,
    status,
    at: at?.toISOString() ?? null,
  });
  const completedAt = credited?.completedAt ?? null;
  // Every stamp goes through here: the saved Google Wallet pass follows (when Google Wallet is on).
  if (added > 0) await queueWalletSync(tx, card.id);
  const answer = row.answer({ stamps: total, status, completedAt });
  if (added > 0) {
    // Push notices (customer's devices that switched them on): the stamp (the birthday gift has
    // its own), and the card complete.
    const url = customerCardUrl(actor.companyId);
    const data = {
      companyId: actor.companyId,
      added,
      stamps: total,
      maxStamps: card.maxStamps,
      url,
    };
    await queueCustomerPush(
      tx,
      card.customerId,
      method === "birthday" ? "birthday" : "stamp",
      data,
    );
    if (status === "complete") {
      await queueCustomerPush(tx, card.customerId, "card_complete", {
        ...data,
        reward: answer.reward,
      });
      await emitWebhookEvent(tx, actor.companyId, "card.completed", {
        cardId: card.id,
        memberId: card.customerId,
        stamps: total,
        maxStamps: card.maxStamps,
        reward: answer.reward,
      });
    }
  }
  return { added, customerId: card.customerId, card: answer };
}

const creditQuery = reusableQuery("credit_card", (db) =>
  db
    .update(loyaltyCards)
    .set({
      stamps: sql`${sql.placeholder("total")}::int`,
      status: sql`${sql.placeholder("status")}::card_status`,
      completedAt: sql`case when ${sql.placeholder("status")}::card_status = 'complete' then coalesce(${sql.placeholder("at")}::timestamptz, now()) end`,
    })
    .where(eq(loyaltyCards.id, sql.placeholder("cardId")))
    .returning({ completedAt: loyaltyCards.completedAt }),
);

// ---------------------------------------------------------------------------------------------
// Opening cards

type CardMember = { id: string; companyId: string; customerId: string };

type CardProgram = {
  id: string;
  companyId: string;
  stampsRequired: number;
  reward: string;
  archivedAt: Date | null;
};

const cardAlreadyOpen = () =>
  new AppError(
    "card_already_open",
    409,
    "The customer already has an open card in this programme.",
  );

const programArchived = () =>
  new AppError("program_archived", 409, "The programme is archived: it opens no new cards.");

/**
 * The one place a loyalty card opens: the membership's card in `program`, with the programme's
 * size and reward copied into it (editing the programme later changes only cards opened after).
 * A membership holds one open card per programme (unique index): when one is open it is returned
 * (`ifOpen: "reuse"`, joining and stamping) or refused with 409 `card_already_open`
 * (`ifOpen: "refuse"`, staff opening a card). An archived programme opens no card (409
 * `program_archived`), but its open cards are still returned. Safe to repeat and to race.
 * Call it inside the caller's transaction.
 */
export async function openCard(
  tx: Db,
  { membership, program }: { membership: CardMember; program: CardProgram },
  { ifOpen = "reuse" }: { ifOpen?: "reuse" | "refuse" } = {},
): Promise<{ cardId: string; opened: boolean }> {
  if (program.companyId !== membership.companyId) {
    throw new AppError("not_found", 404, "Card not found");
  }
  // A second round only when the card that blocked the insert was redeemed before the select.
  for (let round = 0; round < 2; round++) {
    const found = await tryOpenCard(tx, membership, program);
    if (found?.opened) return found;
    if (found) {
      if (ifOpen === "refuse") throw cardAlreadyOpen();
      return found;
    }
    if (program.archivedAt) throw programArchived();
  }
  throw new AppError("internal_error", 500, "Could not open the card");
}

async function tryOpenCard(
  tx: Db,
  membership: CardMember,
  program: CardProgram,
): Promise<{ cardId: string; opened: boolean } | null> {
  if (!program.archivedAt) {
    const [inserted] = await tx
      .insert(loyaltyCards)
      .values({
        id: randomUUID(),
        membershipId: membership.id,
        companyId: membership.companyId,
        customerId: membership.customerId,
        programId: program.id,
        maxStamps: program.stampsRequired,
        reward: program.reward,
      })
      .onConflictDoNothing()
      .returning({ id: loyaltyCards.id });
    if (inserted) return { cardId: inserted.id, opened: true };
  }
  const [open] = await tx
    .select({ id: loyaltyCards.id })
    .from(loyaltyCards)
    .where(
      and(
        eq(loyaltyCards.membershipId, membership.id),
        eq(loyaltyCards.programId, program.id),
        ne(loyaltyCards.status, "redeemed"),
      ),
    )
    .limit(1);
  return open ? { cardId: open.id, opened: false } : null;
}

/**
 * Deletes every card of a company (emptying a sandbox: flows/empty-sandbox.ts), first, so that its
 * programmes, which cards reference with ON DELETE RESTRICT, can go with the company.
 */
export async function deleteCompanyCards(tx: Db, companyId: string): Promise<void> {
  await tx.delete(loyaltyCards).where(eq(loyaltyCards.companyId, companyId));
}
