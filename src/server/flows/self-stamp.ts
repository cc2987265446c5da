/**
 * A customer's self-stamp (flow: decision 022; issue 30): a signed-in customer scans the counter
 * screen's rotating code (/balcao/qr) and gets one stamp on their open card of the company's
 * default programme, opening one when none is open, under the same interval and daily cap as the
 * team's stamps (flows/give-stamp.ts). The code is signed for the company and a 30-second step
 * (lib/step-token.ts, purpose "self-stamp") and works in its step and the next. The stamp is given
 * by no one (`given_by` null) and marked `self_service`; it is not a visit the referral rules count.
 */
import {
  type SelfStamp,
  type SelfStampCode,
  type SelfStampResult,
  SelfStampResultSchema,
} from "@shared/stamps.schema";
import type { Db } from "../db/client";
import { AppError } from "../errors";
import { currentStep, signStepToken, stepEndsAt, verifyStepToken } from "../lib/step-token";
import type { CustomerActor } from "../middleware/actor";
import { withIdempotency } from "../middleware/idempotency";
import { creditCard, openCard } from "../modules/cards/cards.service";
import { findCompany } from "../modules/companies/companies.queries";
import { findMembership } from "../modules/customers/memberships.service";
import { queueCustomerEmail } from "../modules/notifications/customer-emails";
import { companyClosed } from "../modules/privacy/company-closure.queries";
import { findDefaultProgram } from "../modules/programs/programs.queries";
import { recordSelfStamp } from "../modules/stamps/stamps.service";
import { checkCounterRules } from "./give-stamp";

export type SelfStampDeps = { db: Db; appUrl: string; authSecret: string };

const disabled = () =>
  new AppError("self_stamp_disabled", 403, "This company does not offer self-stamps.");

const notMember = () =>
  new AppError("customer_not_member", 404, "You are not a member of this company's programme.");

/** The link the counter screen's QR code shows now, and when it changes (permission `counter`). */
export async function selfStampCode(
  { db, appUrl, authSecret }: SelfStampDeps,
  companyId: string,
): Promise<SelfStampCode> {
  const company = await findCompany(db, companyId);
  if (!company?.selfStampEnabled) throw disabled();
  const step = currentStep();
  const token = signStepToken(authSecret, "self-stamp", companyId, step);
  return {
    token,
    url: `${appUrl}/carimbar?c=${encodeURIComponent(token)}`,
    refreshAt: stepEndsAt(step).toISOString(),
  };
}

/**
 * The company a self-stamp code was signed for: an older one (still well signed) is 410
 * `counter_code_expired`, anything else the server never signed 400 with the same code.
 */
function companyOf(secret: string, token: string, now = Date.now()): string {
  const companyId = verifyStepToken(secret, "self-stamp", token, now);
  if (companyId) return companyId;
  const step = Number(token.split(".")[1]);
  const signedThen =
    Number.isSafeInteger(step) &&
    verifyStepToken(secret, "self-stamp", token, stepEndsAt(step).getTime() - 1) !== null;
  const expired = signedThen && step < currentStep(now);
  throw new AppError(
    "counter_code_expired",
    expired ? 410 : 400,
    expired ? "This code has expired: scan the screen again." : "This is not a counter code.",
  );
}

/**
 * One stamp for the signed-in customer at the company whose counter code they scanned. The same
 * code sent again by the same customer answers the first answer (the code is the Idempotency-Key),
 * so a reload of /carimbar stamps once.
 */
export async function selfStamp(
  { db, appUrl, authSecret }: SelfStampDeps,
  actor: CustomerActor,
  input: SelfStamp,
): Promise<SelfStampResult> {
  const companyId = companyOf(authSecret, input.token);
  const company = await findCompany(db, companyId);
  if (!company) throw notMember();
  if (company.closedAt) throw companyClosed();
  if (!company.selfStampEnabled) throw disabled();
  const request = { key: input.token, requestHash: "" };
  const answer = await withIdempotency(
    db,
    `self-stamp:${actor.customerId}`,
    request,
    async (tx) => {
      const membership = await findMembership(tx, companyId, actor.customerId);
      if (membership?.status !== "active") throw notMember();
      const program = await findDefaultProgram(tx, companyId);
      const { cardId } = await openCard(tx, { membership, program });
      const { added, card } = await creditCard(tx, { companyId }, cardId, "purchase", {
        worth: 1,
        check: async (locked) => {
          await checkCounterRules(tx, { ...locked, cardId, companyId });
        },
      });
      await recordSelfStamp(tx, { cardId, companyId, customerId: actor.customerId, count: added });
      if (card.status === "complete") {
        await queueCustomerEmail(tx, appUrl, {
          kind: "cardComplete",
          customerId: actor.customerId,
          companyId,
          reward: card.reward,
        });
      }
      const body: SelfStampResult = {
        added,
        card: {
          id: card.id,
          companyId,
          companyName: company.tradeName,
          stamps: card.stamps,
          maxStamps: card.maxStamps,
          status: card.status,
        },
      };
      return { status: 201, body };
    },
  );
  // A repeat answers the first answer, stored as JSON: the same shape.
  return SelfStampResultSchema.parse(answer.body);
}
