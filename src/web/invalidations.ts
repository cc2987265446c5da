import { assistantKeys, assistantMutations } from "./features/assistant/keys";
import { authKeys } from "./features/auth/keys";
import { backupMutations } from "./features/backup/keys";
import { billingMutations } from "./features/billing/keys";
import { cardKeys, cardMutations, customerCardKeys } from "./features/cards/keys";
import { claimMutations } from "./features/claims/keys";
import { companyKeys, companyMutations } from "./features/companies/keys";
import { companyDataMutations } from "./features/company-data/keys";
import { counterMutations } from "./features/counter/keys";
import { customerKeys, customerMutations } from "./features/customers/keys";
import { messageMutations } from "./features/messages/keys";
import { notificationKeys } from "./features/notifications/keys";
import { partnershipMutations } from "./features/partnerships/keys";
import { privacyKeys, privacyMutations } from "./features/privacy/keys";
import { programKeys, programMutations } from "./features/programs/keys";
import { referralKeys, referralMutations } from "./features/referrals/keys";
import { reportKeys } from "./features/reports/keys";
import { settingsKeys, settingsMutations } from "./features/settings/keys";
import { stampMutations } from "./features/stamps/keys";
import { teamMutations } from "./features/team/keys";
import type { CrossFeatureInvalidation } from "./lib/query-client";

/**
 * What a mutation of one feature makes stale in the others. Features do not import each other
 * (biome.json), so each hook refreshes only its own data and the app wires the rest here, the way
 * a route composes two features' components. Read a row as "after these mutations, refetch".
 */
export const CROSS_FEATURE_INVALIDATIONS: CrossFeatureInvalidation[] = [
  // A stamp: the card's progress, the customers' figures, the dashboard and the bell.
  {
    after: [stampMutations.addOnCard],
    invalidate: [cardKeys.all, customerKeys.all, reportKeys.all, notificationKeys.all],
  },
  // 'Adicionar Carimbo' may also open a card (a programme's count of open cards).
  {
    after: [stampMutations.addForCustomer],
    invalidate: [
      cardKeys.all,
      customerKeys.all,
      programKeys.all,
      reportKeys.all,
      notificationKeys.all,
    ],
  },
  // A customer's self-stamp (/carimbar): their cards and company pages.
  { after: [stampMutations.selfStamp], invalidate: [customerCardKeys.all] },
  // A staff stamp is the referred friend's first visit: it may qualify a referral and credit the
  // referrer ('Indicações', the bonus in 'Ver Detalhes').
  {
    after: [stampMutations.addOnCard, stampMutations.addForCustomer],
    invalidate: [referralKeys.all],
  },
  // A referral decision gives stamps: approving a held one the friend's welcome, 'Creditar
  // indicador' the referrer's reward.
  {
    after: [referralMutations.decide],
    invalidate: [cardKeys.all, customerKeys.all, reportKeys.all, notificationKeys.all],
  },
  {
    after: [cardMutations.redeem],
    invalidate: [customerKeys.all, reportKeys.all, notificationKeys.all],
  },
  // The counter's stamp (which may open a card, and qualify a referral) and redemption: what the
  // panel's other pages show of cards, customers, the dashboard and the bell.
  {
    after: [counterMutations.stamp, counterMutations.redeem],
    invalidate: [
      cardKeys.all,
      customerKeys.all,
      programKeys.all,
      reportKeys.all,
      notificationKeys.all,
      referralKeys.all,
    ],
  },
  {
    after: [cardMutations.open],
    invalidate: [customerKeys.all, reportKeys.all, notificationKeys.all, programKeys.all],
  },
  // Joining a company: the customer's directory shows it as joined.
  { after: [cardMutations.join], invalidate: [companyKeys.all] },
  // A new member has a personal referral link there ('Indique e ganhe').
  {
    after: [cardMutations.join, customerMutations.answerInvitation],
    invalidate: [referralKeys.all],
  },
  // A programme changes the 'Templates' tile and the add-stamp choices.
  {
    after: [programMutations.create, programMutations.update, programMutations.action],
    invalidate: [cardKeys.summary(), customerKeys.all],
  },
  {
    after: [
      claimMutations.claim,
      claimMutations.uploadReceipt,
      claimMutations.approve,
      claimMutations.reject,
    ],
    invalidate: [
      cardKeys.all,
      customerCardKeys.all,
      reportKeys.all,
      customerKeys.all,
      notificationKeys.all,
    ],
  },
  // 'Fechar conta' and 'Restaurar conta': the panel becomes (or stops being) the closed screen.
  {
    after: [settingsMutations.closeAccount, settingsMutations.restoreAccount],
    invalidate: [authKeys.me],
  },
  // The company's name and logo: the panel (the signed-in `me`) and the customer side.
  {
    after: [companyDataMutations.save, companyDataMutations.uploadLogo],
    invalidate: [authKeys.me, companyKeys.all, customerCardKeys.all],
  },
  {
    after: [customerMutations.setStatus, customerMutations.updateRecord],
    invalidate: [reportKeys.all, cardKeys.all],
  },
  {
    after: [customerMutations.answerInvitation],
    // The customer's bell drops the invitation.
    invalidate: [customerCardKeys.all, companyKeys.all, notificationKeys.all],
    settled: true,
  },
  { after: [messageMutations.reply], invalidate: [notificationKeys.all], settled: true },
  // An answered partnership request leaves the bell.
  { after: [partnershipMutations.answer], invalidate: [notificationKeys.all], settled: true },
  // The bell's switches ('Alertas no sino do painel' and the categories) show in the bell at once.
  { after: [settingsMutations.saveSection("notifications")], invalidate: [notificationKeys.all] },
  // The server sets 'Último backup' of the system settings.
  { after: [backupMutations.download], invalidate: [settingsKeys.system()], settled: true },
  // 'Baixar cartaz': the server records the download, a step of the dashboard's 'Primeiros passos'.
  { after: [companyMutations.downloadPoster], invalidate: [reportKeys.all] },
  // A subscription, a plan change, a cancellation or a (simulated) payment changes the company's
  // plan and status in the signed-in `me`: the grace or read-only banner goes away at once, and
  // the plan check (planAllows) reads the new plan, and /ia-suprema whether IA Suprema is included
  // (a paid upgrade switches it on).
  {
    after: [
      billingMutations.subscribe,
      billingMutations.changePlan,
      billingMutations.cancel,
      billingMutations.simulate,
    ],
    invalidate: [authKeys.me, assistantKeys.overview()],
  },
  // Joining a team by an invitation: the signed-in `me` carries the company and the role, which
  // the panel's guard reads when the page goes to the member's home. An owner who changes their
  // own role or removes themselves sees the panel of their new role (or the sign-in).
  {
    after: [
      teamMutations.signUp,
      teamMutations.accept,
      teamMutations.updateMember,
      teamMutations.removeMember,
    ],
    invalidate: [authKeys.me],
  },
  // Leaving a programme ('Meus dados'): its card, the directory's 'Você participa', the
  // 'Comunicações' switch and the referral link go.
  {
    after: [privacyMutations.leave],
    invalidate: [customerCardKeys.all, companyKeys.all, assistantKeys.all, referralKeys.all],
  },
  // The account's deletion asked for or cancelled: the customer area's banner (`me`).
  {
    after: [privacyMutations.requestDeletion, privacyMutations.cancelDeletion],
    invalidate: [authKeys.me, privacyKeys.all],
  },
  // A marketing consent changed: 'Meus dados' shows it and its history.
  { after: [assistantMutations.setMarketingConsent], invalidate: [privacyKeys.all] },
];
