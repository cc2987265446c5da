/**
 * The assistant's read model (read only): the company's plan and name, the writing member's own
 * cards at this company, and the people behind filed complaints and suggestions. Every query is
 * bound to one company (and, for cards, one customer).
 */

import type { FeedbackList, FeedbackState } from "@shared/assistant.schema";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { profiles } from "../auth/profiles.table";
import { featurePlanSql } from "../billing/billing.queries";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { programs } from "../programs/programs.table";
import { assistantFeedback } from "./assistant.table";
import type { CardFacts } from "./engine";
import { instagramContacts } from "./instagram.table";
import { whatsappContacts } from "./whatsapp.table";

/** What the assistant needs of its company: the name, the website, and the plan fields. */
export async function findAssistantCompany(db: Db, companyId: string) {
  const [row] = await db
    .select({
      id: companies.id,
      tradeName: companies.tradeName,
      website: companies.website,
      // The plan paid for today (billing's read model), not the plan subscribed to.
      plan: featurePlanSql,
      trialEndsAt: companies.trialEndsAt,
      paidUntil: companies.paidUntil,
      graceUntil: companies.graceUntil,
    })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row ?? null;
}

/** The member's cards at this company, newest first (none when they are not a member). */
export async function listMemberCards(
  db: Db,
  companyId: string,
  customerId: string,
): Promise<CardFacts[]> {
  const rows = await db
    .select({
      programName: programs.name,
      reward: loyaltyCards.reward,
      stamps: loyaltyCards.stamps,
      stampsRequired: loyaltyCards.maxStamps,
      status: loyaltyCards.status,
    })
    .from(loyaltyCards)
    .innerJoin(programs, eq(programs.id, loyaltyCards.programId))
    .where(and(eq(loyaltyCards.companyId, companyId), eq(loyaltyCards.customerId, customerId)))
    .orderBy(desc(loyaltyCards.createdAt))
    .limit(10);
  return rows;
}

/** The names of these customers (their profiles'), by id; an unknown id is left out. */
export async function findCustomerNames(
  db: Db,
  customerIds: string[],
): Promise<Map<string, string>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, name: profiles.name })
    .from(profiles)
    .where(inArray(profiles.id, customerIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Complaints and suggestions shown per page on /ia-suprema. */
export const FEEDBACK_PAGE_SIZE = 20;

/**
 * The company's complaints and suggestions, newest first, optionally of one state, with who wrote
 * them (the member's name, the WhatsApp contact's name or phone, or the Instagram `@username`).
 */
export async function listFeedback(
  db: Db,
  companyId: string,
  options: { page: number; state?: FeedbackState },
): Promise<FeedbackList> {
  const where = and(
    eq(assistantFeedback.companyId, companyId),
    options.state ? eq(assistantFeedback.state, options.state) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: assistantFeedback.id,
        kind: assistantFeedback.kind,
        state: assistantFeedback.state,
        body: assistantFeedback.body,
        channel: assistantFeedback.channel,
        memberName: profiles.name,
        contactName: whatsappContacts.name,
        contactPhone: whatsappContacts.phone,
        contactUsername: instagramContacts.username,
        createdAt: assistantFeedback.createdAt,
      })
      .from(assistantFeedback)
      .leftJoin(profiles, eq(profiles.id, assistantFeedback.customerId))
      .leftJoin(
        whatsappContacts,
        and(
          eq(whatsappContacts.id, assistantFeedback.contactId),
          eq(whatsappContacts.companyId, companyId),
        ),
      )
      .leftJoin(
        instagramContacts,
        and(
          eq(instagramContacts.id, assistantFeedback.contactId),
          eq(instagramContacts.companyId, companyId),
        ),
      )
      .where(where)
      .orderBy(desc(assistantFeedback.createdAt), desc(assistantFeedback.id))
      .limit(FEEDBACK_PAGE_SIZE)
      .offset((options.page - 1) * FEEDBACK_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(assistantFeedback).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      state: r.state,
      body: r.body,
      channel: r.channel,
      customerName:
        r.memberName ??
        r.contactName ??
        (r.contactPhone ? `+${r.contactPhone}` : r.contactUsername ? `@${r.contactUsername}` : ""),
      createdAt: r.createdAt.toISOString(),
    })),
    total: count?.n ?? 0,
    page: options.page,
    pageSize: FEEDBACK_PAGE_SIZE,
  };
}
