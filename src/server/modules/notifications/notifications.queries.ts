import { COMPLETE_CARD_NOTIFICATION_HOURS } from "@shared/notifications.schema";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { assistantFeedback } from "../assistant/assistant.table";
import { instagramContacts, instagramMessages } from "../assistant/instagram.table";
import { whatsappContacts, whatsappMessages } from "../assistant/whatsapp.table";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { partnerships } from "../partnerships/partnerships.table";
import { programs } from "../programs/programs.table";
import { stamps } from "../stamps/stamps.table";

/**
 * The notifications' read model: where the bell's items come from, with the customer's name (read
 * only; the read marks are in notifications.service.ts; the pending messages come from
 * messages.queries.ts).
 */

/** The company's claims waiting for a review, newest first. */
export function listPendingClaims(db: Db, companyId: string, limit: number) {
  return db
    .select({
      id: stamps.id,
      method: stamps.method,
      createdAt: stamps.createdAt,
      customerName: profiles.name,
    })
    .from(stamps)
    .innerJoin(profiles, eq(profiles.id, stamps.customerId))
    .where(
      and(eq(stamps.companyId, companyId), eq(stamps.claimed, true), eq(stamps.status, "pending")),
    )
    .orderBy(desc(stamps.createdAt))
    .limit(limit);
}

/** The company's cards completed in the last COMPLETE_CARD_NOTIFICATION_HOURS, newest first. */
export function listRecentlyCompletedCards(db: Db, companyId: string, limit: number) {
  return db
    .select({
      id: loyaltyCards.id,
      completedAt: loyaltyCards.completedAt,
      customerName: profiles.name,
      programName: programs.name,
    })
    .from(loyaltyCards)
    .innerJoin(profiles, eq(profiles.id, loyaltyCards.customerId))
    .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
    .where(
      and(
        eq(loyaltyCards.companyId, companyId),
        gt(
          loyaltyCards.completedAt,
          sql`now() - make_interval(hours => ${COMPLETE_CARD_NOTIFICATION_HOURS})`,
        ),
      ),
    )
    .orderBy(desc(loyaltyCards.completedAt))
    .limit(limit);
}

/**
 * Partnership requests the company received and has not answered, newest first, with the
 * requesting company's name; `readAt` set once the company opened the request ('lida').
 */
export function listPendingPartnershipRequests(db: Db, companyId: string, limit: number) {
  return db
    .select({
      id: partnerships.id,
      createdAt: partnerships.createdAt,
      readAt: partnerships.readAt,
      proposal: partnerships.proposal,
      companyName: companies.tradeName,
    })
    .from(partnerships)
    .innerJoin(companies, eq(companies.id, partnerships.requesterCompanyId))
    .where(and(eq(partnerships.recipientCompanyId, companyId), eq(partnerships.state, "pending")))
    .orderBy(desc(partnerships.createdAt))
    .limit(limit);
}

/**
 * Complaints and suggestions IA Suprema filed that are still new (nobody moved them along),
 * newest first, with the member's name or the WhatsApp contact's.
 */
export function listNewAssistantFeedback(db: Db, companyId: string, limit: number) {
  return db
    .select({
      id: assistantFeedback.id,
      kind: assistantFeedback.kind,
      body: assistantFeedback.body,
      createdAt: assistantFeedback.createdAt,
      customerName: sql<string>`coalesce(${profiles.name}, ${whatsappContacts.name}, '+' || ${whatsappContacts.phone}, '@' || ${instagramContacts.username}, '')`,
    })
    .from(assistantFeedback)
    .leftJoin(profiles, eq(profiles.id, assistantFeedback.customerId))
    .leftJoin(whatsappContacts, eq(whatsappContacts.id, assistantFeedback.contactId))
    .leftJoin(instagramContacts, eq(instagramContacts.id, assistantFeedback.contactId))
    .where(and(eq(assistantFeedback.companyId, companyId), eq(assistantFeedback.state, "new")))
    .orderBy(desc(assistantFeedback.createdAt))
    .limit(limit);
}

/**
 * WhatsApp messages waiting for a person (the assistant handed them over, or it is off), newest
 * first, with the member's name or the contact's name or phone.
 */
export function listPendingWhatsAppMessages(db: Db, companyId: string, limit: number) {
  return db
    .select({
      id: whatsappMessages.id,
      body: whatsappMessages.body,
      createdAt: whatsappMessages.createdAt,
      customerName: sql<string>`coalesce(${profiles.name}, ${whatsappContacts.name}, '+' || ${whatsappContacts.phone})`,
    })
    .from(whatsappMessages)
    .innerJoin(whatsappContacts, eq(whatsappContacts.id, whatsappMessages.contactId))
    .leftJoin(profiles, eq(profiles.id, whatsappContacts.customerId))
    .where(
      and(
        eq(whatsappMessages.companyId, companyId),
        eq(whatsappMessages.direction, "in"),
        eq(whatsappMessages.status, "pending"),
      ),
    )
    .orderBy(desc(whatsappMessages.createdAt))
    .limit(limit);
}

/**
 * Instagram messages waiting for a person, newest first, with the contact's `@username` (else
 * "Instagram": Instagram contacts are not matched to members).
 */
export function listPendingInstagramMessages(db: Db, companyId: string, limit: number) {
  return db
    .select({
      id: instagramMessages.id,
      body: instagramMessages.body,
      createdAt: instagramMessages.createdAt,
      customerName: sql<string>`coalesce('@' || ${instagramContacts.username}, 'Instagram')`,
    })
    .from(instagramMessages)
    .innerJoin(instagramContacts, eq(instagramContacts.id, instagramMessages.contactId))
    .where(
      and(
        eq(instagramMessages.companyId, companyId),
        eq(instagramMessages.direction, "in"),
        eq(instagramMessages.status, "pending"),
      ),
    )
    .orderBy(desc(instagramMessages.createdAt))
    .limit(limit);
}
