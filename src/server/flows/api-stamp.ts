/**
 * The public API's writes (issue 33, flow: decision 022): stamps by count or by purchase value,
 * redemptions and invitations made with an API key. The key acts as an Atendente would (no
 * manager override), on its company or, for a test key, on the sandbox; what it writes records
 * the key ("via <key name>") and no team member. Every write needs an Idempotency-Key, scoped per
 * acting company and key (middleware/idempotency.ts).
 *
 * A till's sale id (`externalSaleId`) stamps once per company: inside the stamp's transaction an
 * advisory lock on (company, sale id) queues every post of the same sale, whatever their
 * Idempotency-Keys, and the one after the first finds its stamp and answers it (200, not 201);
 * the unique index `stamps_company_external_sale_unique` is the backstop.
 */
import type {
  V1AddStamps,
  V1Card,
  V1Invitation,
  V1Invite,
  V1Redeem,
  V1Stamp,
} from "@shared/public-api";
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { AppError } from "../errors";
import type { CompanyActor } from "../middleware/actor";
import { type IdempotentRequest, withIdempotency } from "../middleware/idempotency";
import { redeemCard } from "../modules/cards/cards.service";
import { type InvitationDeps, inviteCustomer } from "../modules/customers/invitations.service";
import type { ApiKeyActor } from "../modules/integrations/api-keys.service";
import { findStampIdBySale, findV1Card, findV1Stamp } from "../modules/integrations/v1.queries";
import { qualifyReferral } from "../modules/referrals/referrals.service";
import {
  counterWorth,
  type GiveStampDeps,
  giveRuleStamps,
  openCardToStamp,
  stampCard,
} from "./give-stamp";

/** The company actor a key is for the flows: an Atendente (no overrides), marked as the key. */
export function apiActor(key: ApiKeyActor): CompanyActor {
  return {
    userId: key.keyId,
    companyId: key.companyId,
    role: "attendant",
    locationId: null,
    apiKeyId: key.keyId,
  };
}

/** Idempotency-Keys are the key's own, within the company it acts on. */
const idempotencyScope = (key: ApiKeyActor) => `v1:${key.companyId}:${key.keyId}`;

const valueRuleOff = () =>
  new AppError(
    "stamp_value_rule_off",
    422,
    "The company does not give stamps by purchase value: send `count` instead.",
    { amountCents: "stamp_value_rule_off" },
  );

/**
 * `POST /api/v1/stamps`: `count` stamps, or what `amountCents` is worth by the company's value
 * rule (422 `stamp_value_rule_off` without one), on the member's open card in `programId` (the
 * default programme), opening one when none is open. The counter's interval and daily cap apply
 * (409 `stamp_too_soon` / `stamp_daily_cap`). 201 with the stamp; 200 with the first stamp of a
 * sale already stamped.
 */
export async function addStampsByApi(
  deps: GiveStampDeps,
  key: ApiKeyActor,
  input: V1AddStamps,
  request: IdempotentRequest,
): Promise<{ status: 200 | 201; body: V1Stamp }> {
  const actor = apiActor(key);
  const answer = await withIdempotency(deps.db, idempotencyScope(key), request, async (tx) => {
    const saleId = input.externalSaleId;
    if (saleId) {
      await lockSale(tx, actor.companyId, saleId);
      const first = await findStampIdBySale(tx, actor.companyId, saleId);
      if (first) return { status: 200, body: await findV1Stamp(tx, actor.companyId, first) };
    }
    const cardId = await openCardToStamp(tx, actor, input.memberId, input.programId);
    const { customerId, stampId } = await stampCard(
      tx,
      deps.appUrl,
      actor,
      cardId,
      { method: "purchase", notes: "", quantity: 1, amountCents: input.amountCents },
      undefined,
      {
        externalSaleId: saleId,
        worth: (rules, perMethod) => {
          if (input.amountCents === undefined) return input.count ?? 1;
          if (!rules.stampValueCents) throw valueRuleOff();
          return counterWorth(rules, perMethod, {
            method: "purchase",
            quantity: 1,
            amountCents: input.amountCents,
          });
        },
      },
    );
    await qualifyReferral(
      tx,
      { companyId: actor.companyId, customerId, appUrl: deps.appUrl },
      giveRuleStamps,
    );
    return { status: 201, body: await findV1Stamp(tx, actor.companyId, stampId) };
  });
  return answer as { status: 200 | 201; body: V1Stamp };
}

/** Queues the transactions stamping one sale of the company, until each ends. */
async function lockSale(tx: Tx, companyId: string, saleId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`sale:${companyId}`}), hashtext(${saleId}))`,
  );
}

/** `POST /api/v1/cards/{id}/redeem`: the complete card redeemed by the key (409 otherwise). */
export async function redeemByApi(
  deps: { db: GiveStampDeps["db"] },
  key: ApiKeyActor,
  cardId: string,
  input: V1Redeem,
  request: IdempotentRequest,
): Promise<V1Card> {
  const actor = apiActor(key);
  const answer = await withIdempotency(deps.db, idempotencyScope(key), request, async (tx) => {
    await redeemCard(tx, actor, cardId, { bonusType: "", notes: input.notes ?? "" });
    return { status: 200, body: await findV1Card(tx, actor.companyId, cardId) };
  });
  return answer.body as V1Card;
}

/**
 * `POST /api/v1/invitations`: 'Novo Cliente' by the key. The person is e-mailed and becomes a
 * member only by accepting; the answer is the same whether the e-mail has an account or not.
 */
export async function inviteByApi(
  deps: InvitationDeps,
  key: ApiKeyActor,
  input: V1Invite,
  request: IdempotentRequest,
): Promise<V1Invitation> {
  const answer = await withIdempotency(deps.db, idempotencyScope(key), request, async (tx) => {
    const { invitation } = await inviteCustomer({ ...deps, db: tx }, key.companyId, {
      email: input.email,
      name: input.name ?? input.email.split("@")[0]!,
      phone: input.phone ?? "",
      birthDate: "",
      city: null,
      state: null,
    });
    const body: V1Invitation = {
      id: invitation.id,
      email: input.email,
      status: "pending",
      expiresAt: invitation.expiresAt,
    };
    return { status: 201, body };
  });
  return answer.body as V1Invitation;
}
