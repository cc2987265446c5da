/**
 * Joining a company (flow: decision 022), the one place it is written: the membership with its
 * origin (customers), the open card in the default programme (cards), the referral through a
 * member's personal link (referrals, whose welcome stamps go through flows/give-stamp.ts) and the
 * ticked marketing consent (assistant). Called inside the transaction of a customer's sign-up
 * (flows/sign-up.ts), of an accepted invitation (flows/accept-invitation.ts), and of the join by a
 * company's link (`joinCompanyByLink`, which opens its own).
 */
import type { ConsentSource } from "@shared/assistant.schema";
import type { CustomerCard } from "@shared/cards.schema";
import type { JoinCompany } from "@shared/customers.schema";
import type { Language } from "@shared/languages";
import type { Db, Tx } from "../db/client";
import { AppError } from "../errors";
import type { CustomerActor } from "../middleware/actor";
import { grantMarketingConsent } from "../modules/assistant/consents.service";
import { listCustomerCards } from "../modules/cards/cards.queries";
import { openCard } from "../modules/cards/cards.service";
import { findPublicCompany } from "../modules/companies/companies.queries";
import { addMembership } from "../modules/customers/memberships.service";
import { emitWebhookEvent } from "../modules/integrations/webhooks.service";
import { partnerOrigin } from "../modules/partnerships/partnerships.queries";
import { assertCompanyOpen } from "../modules/privacy/company-closure.queries";
import { findDefaultProgram } from "../modules/programs/programs.queries";
import { recordReferral } from "../modules/referrals/referrals.service";
import { giveRuleStamps } from "./give-stamp";

export type Joining = {
  customerId: string;
  companyId: string;
  /** How the customer came (`qrcode_empresa`, `parceria_…`, `afiliado_cliente_…`, `convite_empresa`…). */
  origin: string | null;
  /** The partner company that sent the customer (checked by the caller: an active partnership). */
  partnerCompanyId?: string | null;
  /** Through a member's personal link: the referrer, and the friend's IP address for its limit. */
  referral?: { referrerId: string; ip: string | null } | null;
  /** The ticked 'Quero receber promoções…' box: the consent, in the text's language. */
  marketingConsent?: { language: Language; source: ConsentSource } | null;
};

/**
 * Makes the customer a member of the company holding an open card in its default programme,
 * inside the caller's transaction. Safe to repeat and to race (the unique constraints decide). A
 * referral is recorded only on a membership this call creates (`joined`).
 */
export async function joinCompany(
  tx: Tx,
  joining: Joining,
): Promise<{ joined: boolean; cardId: string }> {
  const { customerId, companyId } = joining;
  // A closed company ('Fechar conta') takes no one: its links, invitations and sign-ups.
  await assertCompanyOpen(tx, companyId);
  const { joined, membership } = await addMembership(
    tx,
    customerId,
    companyId,
    joining.origin,
    joining.partnerCompanyId ?? null,
  );
  const program = await findDefaultProgram(tx, companyId);
  // Opens the card with the default programme's size and reward (or finds the open one).
  const { cardId } = await openCard(tx, { membership, program });
  if (joined && joining.referral) {
    const { referrerId, ip } = joining.referral;
    await recordReferral(tx, { companyId, referrerId, referredId: customerId, ip }, giveRuleStamps);
  }
  if (joining.marketingConsent) {
    await grantMarketingConsent(tx, { customerId, companyId, ...joining.marketingConsent });
  }
  // `member.joined` for the company's webhooks (with the name and e-mail its panel shows).
  if (joined) {
    await emitWebhookEvent(tx, companyId, "member.joined", {
      memberId: customerId,
      cardId,
      origin: joining.origin,
    });
  }
  return { joined, cardId };
}

/**
 * A signed-in customer joins a company through its link (`POST /api/memberships`): by its QR
 * code, a partner's link (`partnership`, recorded only with an active partnership) or a member's
 * personal link (`referrerId`, the origin is the referral's, as at sign-up). Answers whether the
 * customer was new to the company and the open card.
 */
export async function joinCompanyByLink(
  db: Db,
  actor: CustomerActor,
  input: JoinCompany,
  ip: string | null,
): Promise<{ joined: boolean; card: CustomerCard }> {
  const { companyId, referrerId, partnership, marketingConsent, language } = input;
  if (!(await findPublicCompany(db, companyId)))
    throw new AppError("not_found", 404, "Company not found");
  const { joined, cardId } = await db.transaction(async (tx) => {
    const partnerCompanyId = await partnerOrigin(tx, companyId, partnership);
    const origin = partnerCompanyId
      ? `parceria_${partnership}`
      : referrerId
        ? `afiliado_cliente_${referrerId}`
        : "qrcode_empresa";
    return joinCompany(tx, {
      customerId: actor.customerId,
      companyId,
      origin,
      partnerCompanyId,
      referral: referrerId ? { referrerId, ip } : null,
      // The campaigns' consent, only when the unticked box was ticked (in the text's language).
      marketingConsent: marketingConsent ? { language: language ?? "pt", source: "join" } : null,
    });
  });
  const card = (await listCustomerCards(db, actor.customerId, companyId)).find(
    (k) => k.id === cardId,
  )!;
  return { joined, card };
}
