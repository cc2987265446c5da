/**
 * Signing up (flow: decision 022). A company's sign-up writes the account and profile (auth), the
 * company on its trial (companies) and its default programme (programs) in one transaction; a
 * customer's writes the account and profile and, through a company's link, joins it
 * (flows/join-company.ts) in the same one. The confirmation e-mail is queued afterwards.
 */
import type { CompanySignUp, CustomerSignUp } from "@shared/auth.schema";
import { TRIAL_DAYS } from "@shared/limits";
import { resolveSignUpOrigin, type SignUpOrigin, type SignUpOriginParams } from "@shared/origin";
import type { Db } from "../db/client";
import {
  type AccountsDeps,
  createAccount,
  createProfile,
  isCustomerAccount,
  sendConfirmationAfterSignUp,
} from "../modules/auth/auth.service";
import { findPublicCompany } from "../modules/companies/companies.queries";
import { createCompany } from "../modules/companies/companies.service";
import { partnerOrigin } from "../modules/partnerships/partnerships.queries";
import { createDefaultProgram } from "../modules/programs/programs.service";
import { addMember } from "../modules/team/team.service";
import { joinCompany } from "./join-company";

export async function signUpCompany(deps: AccountsDeps, input: CompanySignUp) {
  const trialEndsAt = new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000);
  await createAccount(
    deps,
    { email: input.email, password: input.password, name: input.companyName },
    async (tx, userId) => {
      await createProfile(tx, {
        id: userId,
        role: "admin",
        name: input.companyName,
        email: input.email,
        phone: input.phone,
        city: input.city,
        state: input.state,
        origin: "cadastro_empresa",
      });
      const companyId = await createCompany(tx, {
        ownerId: userId,
        tradeName: input.companyName,
        email: input.email,
        phone: input.phone,
        city: input.city,
        state: input.state,
        sector: input.sector,
        subscriptionActive: true,
        trialEndsAt,
      });
      await addMember(tx, { companyId, userId, role: "owner" });
      // The default programme takes the company's max_carimbos_padrao.
      await createDefaultProgram(tx, companyId);
    },
  );
  await sendConfirmationAfterSignUp(deps, input.email, "admin");
  return { email: input.email };
}

/**
 * The sign-up origin with every id checked against the database: an id that names no real
 * company or customer is dropped, and the origin falls back to the next rule.
 */
export async function verifySignUpOrigin(
  db: Db,
  params: SignUpOriginParams | undefined,
): Promise<SignUpOrigin> {
  const p = { ...(params ?? {}) };
  const claimed = resolveSignUpOrigin(p);
  if (claimed.companyId && !(await findPublicCompany(db, claimed.companyId))) {
    p.empresa_id = undefined;
    p.empresa = undefined;
  }
  if (claimed.kind === "partnership") {
    if (!claimed.partnerCompanyId || !(await findPublicCompany(db, claimed.partnerCompanyId))) {
      p.parceria = undefined;
    }
  }
  if (!(await isCustomerAccount(db, p.indicador))) p.indicador = undefined;
  if (!(await isCustomerAccount(db, p.afiliado))) p.afiliado = undefined;
  return resolveSignUpOrigin(p);
}

/**
 * A customer's sign-up. Through a company's link the customer becomes a member at once; through a
 * member's personal link (`indicador`) the referral is recorded in the same transaction, with the
 * friend's IP address for the daily per-IP limit (referrals.service.ts recordReferral).
 */
export async function signUpCustomer(
  deps: AccountsDeps,
  input: CustomerSignUp,
  ip: string | null = null,
) {
  const origin = await verifySignUpOrigin(deps.db, input.origin);
  await createAccount(
    deps,
    { email: input.email, password: input.password, name: input.name },
    async (tx, userId) => {
      await createProfile(tx, {
        id: userId,
        role: "customer",
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        // City and state are optional (asked later in 'Meus dados'): empty is none.
        city: input.city || null,
        state: input.state || null,
        birthDate: input.birthDate || null,
        origin: origin.code,
        originChannel: origin.channel,
        originCompanyId: origin.companyId,
        partnerCompanyId: origin.partnerCompanyId,
        referrerCustomerId: origin.referrerCustomerId,
        affiliateId: origin.affiliateId,
      });
      // Signing up through a company's link (QR code) makes the customer a member at once.
      if (origin.companyId) {
        // Through a partner's link (`parceria`), the partner that sent the customer, when the two
        // companies have an active partnership (else the customer joins without it).
        const partnerCompanyId =
          origin.kind === "partnership"
            ? await partnerOrigin(tx, origin.companyId, input.origin?.parceria)
            : null;
        const referrerId = origin.referrerCustomerId ?? origin.affiliateId;
        await joinCompany(tx, {
          customerId: userId,
          companyId: origin.companyId,
          origin: origin.channel ?? origin.code,
          partnerCompanyId,
          referral: referrerId ? { referrerId, ip } : null,
          // The ticked 'Quero receber promoções…' box: the consent, with the text the person saw.
          marketingConsent: input.marketingConsent
            ? { language: input.language ?? "pt", source: "sign_up" }
            : null,
        });
      }
    },
  );
  await sendConfirmationAfterSignUp(deps, input.email, "customer");
  return { email: input.email };
}
