import { randomUUID } from "node:crypto";
import { ANON_ID_PREFIX } from "@shared/privacy.schema";
import type { Db } from "../db/client";
import { forgetAssistantMember } from "../modules/assistant/forget-member";
import { deleteMemberGifts } from "../modules/birthdays/forget-member";
import { anonymiseMemberCards } from "../modules/cards/forget-member";
import {
  anonymiseMembership,
  forgetCompanyInvitations,
  lockMembership,
} from "../modules/customers/forget-member";
import { deleteFilesById } from "../modules/files/files.service";
import { deleteMemberMessages } from "../modules/messages/forget-member";
import { recordDoneRequest } from "../modules/privacy/privacy.service";
import { anonymiseMemberReferrals } from "../modules/referrals/forget-member";
import { dropEmptyMemberTotal } from "../modules/reports/forget-member";
import { anonymiseCardStamps } from "../modules/stamps/forget-member";
import { forgetCardPasses } from "../modules/wallet/forget-member";

/**
 * 'Sair do programa de <empresa>' (issue 34, LGPD art. 18): the membership ends and the company
 * keeps only what the law lets it keep. In one transaction, the membership locked first (a stamp
 * waiting on the card lock then finds the card anonymous and is refused):
 * - customers: the membership re-pointed to a fresh `anon_…` id, status `left`, the company's own
 *   record of the person blanked; its invitations of the person (and their import lines) go;
 * - cards, stamps, referrals: re-pointed to the same id (counts in reports stay true: the roll-ups
 *   follow through the stamps trigger), without notes, links or the sign-up IP; receipts (files) go;
 * - messages, birthday gifts, the assistant's consent, take-over, feedback and chat contacts go;
 * - wallet: the cards' Apple passes and their device registrations go;
 * - privacy: the request, done, for the company's 'Pedidos de titulares'.
 * Leaving twice is a no-op (`left: false`). Rejoining later opens a new membership and card.
 */
export async function leaveProgram(
  db: Db,
  userId: string,
  companyId: string,
): Promise<{ left: boolean }> {
  return db.transaction(async (tx) => {
    const left = await forgetMembership(tx, companyId, userId);
    if (left) await recordDoneRequest(tx, "leave", userId, [companyId]);
    return { left };
  });
}

/** The membership's anonymisation, in the caller's transaction; false when there was none. */
export async function forgetMembership(
  tx: Db,
  companyId: string,
  customerId: string,
): Promise<boolean> {
  const membership = await lockMembership(tx, companyId, customerId);
  if (!membership) return false;
  const anonId = `${ANON_ID_PREFIX}${randomUUID()}`;
  await anonymiseMembership(tx, membership.id, anonId);
  const cardIds = await anonymiseMemberCards(tx, membership.id, anonId);
  const fileIds = await anonymiseCardStamps(tx, cardIds, anonId);
  await dropEmptyMemberTotal(tx, companyId, customerId);
  await deleteFilesById(tx, fileIds);
  await forgetCardPasses(tx, cardIds);
  await anonymiseMemberReferrals(tx, companyId, customerId, anonId);
  await deleteMemberMessages(tx, companyId, customerId);
  await deleteMemberGifts(tx, companyId, customerId);
  await forgetAssistantMember(tx, companyId, customerId);
  await forgetCompanyInvitations(tx, companyId, customerId);
  return true;
}
