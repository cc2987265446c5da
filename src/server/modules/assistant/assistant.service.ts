/**
 * IA Suprema (issue 20): the company's settings, the answers to its customers' messages (the
 * `assistant-reply` job), the complaints and suggestions it files, and conversations a person
 * took over. The engine (rules or language model) only reads; every write is here, scoped to the
 * company (and the customer) of the message.
 */
import { randomUUID } from "node:crypto";
import {
  ASSISTANT_DEFAULTS,
  type AssistantChannel,
  type AssistantOverview,
  type AssistantSettings,
  type FeedbackKind,
  type FeedbackState,
} from "@shared/assistant.schema";
import { planAllows } from "@shared/billing.schema";
import { and, eq, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { findRunningPromotion, planStatus } from "../companies/companies.queries";
import { countMessagesByCustomer } from "../messages/messages.queries";
import { findAssistantCompany, findCustomerNames, listMemberCards } from "./assistant.queries";
import { assistantFeedback, assistantHandoffs, assistantSettings } from "./assistant.table";
import type { AssistantEngine, AssistantTools } from "./engine";
import { instagramMessages } from "./instagram.table";
import { whatsappMessages } from "./whatsapp.table";

type SettingsRow = typeof assistantSettings.$inferSelect;

const toSettings = (row: SettingsRow): AssistantSettings => ({
  enabled: row.enabled,
  name: row.name,
  companyName: row.companyName,
  welcomeMessage: row.welcomeMessage,
  orderMessage: row.orderMessage,
  suggestionMessage: row.suggestionMessage,
  complaintMessage: row.complaintMessage,
  hoursSet: row.hoursSet,
  serviceHours: row.serviceHours,
  tone: row.tone,
  deliveryUrl: row.deliveryUrl,
  storeUrl: row.storeUrl,
  marketingPromotions: row.marketingPromotions,
  marketingReminders: row.marketingReminders,
  promotionFrequency: row.promotionFrequency,
  sendTime: row.sendTime,
});

type AssistantCompany = NonNullable<Awaited<ReturnType<typeof findAssistantCompany>>>;

/** The plan check (billing.schema's planAllows): the trial or the Supremo plan. */
const planIncludesAssistant = (company: AssistantCompany, now = new Date()) =>
  planAllows(
    {
      plan: company.plan ?? null,
      planStatus: planStatus(company, now),
      trialEndsAt: company.trialEndsAt,
    },
    "assistant",
    now,
  );

/** The company's settings, or the defaults (off) with its trade name and website as the store. */
async function readSettings(db: Db, company: AssistantCompany): Promise<AssistantSettings> {
  const [row] = await db
    .select()
    .from(assistantSettings)
    .where(eq(assistantSettings.companyId, company.id))
    .limit(1);
  if (row) return toSettings(row);
  return { ...ASSISTANT_DEFAULTS, companyName: company.tradeName, storeUrl: company.website ?? "" };
}

async function requireCompany(db: Db, companyId: string): Promise<AssistantCompany> {
  const company = await findAssistantCompany(db, companyId);
  if (!company) throw new AppError("not_found", 404, "Company not found");
  return company;
}

async function countOpenFeedback(db: Db, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(assistantFeedback)
    .where(
      and(
        eq(assistantFeedback.companyId, companyId),
        sql`${assistantFeedback.state} <> 'resolved'`,
      ),
    );
  return row?.n ?? 0;
}

/** GET /api/assistant/settings: the settings, whether the plan includes it, the engine, open feedback. */
export async function getAssistantOverview(
  db: Db,
  actor: CompanyActor,
  engine: AssistantEngine,
): Promise<AssistantOverview> {
  const company = await requireCompany(db, actor.companyId);
  return {
    settings: await readSettings(db, company),
    available: planIncludesAssistant(company),
    engine: engine.kind,
    openFeedback: await countOpenFeedback(db, company.id),
  };
}

/**
 * PUT /api/assistant/settings. Every field is kept (a Pro company may prepare them), but switching
 * the assistant on needs the plan (403 assistant_plan_required).
 */
export async function saveAssistantSettings(
  db: Db,
  actor: CompanyActor,
  engine: AssistantEngine,
  input: AssistantSettings,
): Promise<AssistantOverview> {
  const company = await requireCompany(db, actor.companyId);
  if (input.enabled && !planIncludesAssistant(company)) {
    throw new AppError(
      "assistant_plan_required",
      403,
      "IA Suprema is part of the Supremo com IA plan",
    );
  }
  const values = { ...input, updatedAt: new Date() };
  await db
    .insert(assistantSettings)
    .values({ companyId: company.id, ...values })
    .onConflictDoUpdate({ target: assistantSettings.companyId, set: values });
  return getAssistantOverview(db, actor, engine);
}

/**
 * What an engine may use for one message: the settings, whether it answers at all (switched on
 * and in the plan), and read-only tools bound to this company and this customer (null: a
 * WhatsApp contact who is not a member; their cards are none).
 */
export async function loadAssistantContext(
  db: Db,
  companyId: string,
  customerId: string | null,
  now = new Date(),
) {
  const company = await requireCompany(db, companyId);
  const settings = await readSettings(db, company);
  const available = settings.enabled && planIncludesAssistant(company, now);
  const tools: AssistantTools = {
    myCards: () => (customerId ? listMemberCards(db, companyId, customerId) : Promise.resolve([])),
    async runningPromotion() {
      const promotion = await findRunningPromotion(db, companyId);
      if (!promotion) return null;
      const description = [promotion.title, promotion.description].filter(Boolean).join(": ");
      return { description, endsOn: promotion.endsOn };
    },
  };
  const customerName = customerId
    ? ((await findCustomerNames(db, [customerId])).get(customerId) ?? null)
    : null;
  return { settings, available, tools, customerName };
}

/** Files a complaint or suggestion once per source message (a retried job files nothing twice). */
export async function fileFeedback(
  tx: Db,
  item: {
    companyId: string;
    kind: FeedbackKind;
    body: string;
    channel: AssistantChannel;
    customerId: string | null;
    contactId: string | null;
    sourceMessageId: string;
  },
): Promise<void> {
  await tx
    .insert(assistantFeedback)
    .values({ id: randomUUID(), ...item })
    .onConflictDoNothing({ target: assistantFeedback.sourceMessageId });
}

/** Whether a person took this customer's conversation over (the assistant stays quiet). */
export async function isTakenOver(db: Db, companyId: string, customerId: string) {
  const [row] = await db
    .select({ customerId: assistantHandoffs.customerId })
    .from(assistantHandoffs)
    .where(
      and(eq(assistantHandoffs.companyId, companyId), eq(assistantHandoffs.customerId, customerId)),
    )
    .limit(1);
  return !!row;
}

/** 'Assumir conversa': the assistant stops answering this customer until handed back. */
export async function takeOverConversation(db: Db, actor: CompanyActor, customerId: string) {
  const counts = await countMessagesByCustomer(db, actor.companyId, [customerId]);
  if (!counts.get(customerId)?.total)
    throw new AppError("not_found", 404, "Conversation not found");
  await db
    .insert(assistantHandoffs)
    .values({ companyId: actor.companyId, customerId, takenBy: actor.userId })
    .onConflictDoNothing();
}

/** 'Devolver ao assistente'. */
export async function handBackConversation(db: Db, actor: CompanyActor, customerId: string) {
  await db
    .delete(assistantHandoffs)
    .where(
      and(
        eq(assistantHandoffs.companyId, actor.companyId),
        eq(assistantHandoffs.customerId, customerId),
      ),
    );
}

/** The customers whose conversations a person took over. */
export async function listTakenOver(db: Db, actor: CompanyActor): Promise<string[]> {
  const rows = await db
    .select({ customerId: assistantHandoffs.customerId })
    .from(assistantHandoffs)
    .where(eq(assistantHandoffs.companyId, actor.companyId));
  return rows.map((r) => r.customerId);
}

/** Moves a complaint or suggestion of the company to another state (404 for another's). */
export async function updateFeedbackState(
  db: Db,
  actor: CompanyActor,
  id: string,
  state: FeedbackState,
) {
  const [row] = await db
    .update(assistantFeedback)
    .set({ state, updatedAt: new Date() })
    .where(and(eq(assistantFeedback.id, id), eq(assistantFeedback.companyId, actor.companyId)))
    .returning({ id: assistantFeedback.id });
  if (!row) throw new AppError("not_found", 404, "Feedback not found");
}

/**
 * Data retention (the retention job): a batch of at most `limit` complaints and suggestions older
 * than their company's period (the customer's words, like the messages they came from).
 */
export async function deleteFeedbackCreatedBefore(
  db: Db,
  cutoff: (companyId: AnyPgColumn) => SQL,
  limit: number,
): Promise<number> {
  const removed = await db
    .delete(assistantFeedback)
    .where(
      inArray(
        assistantFeedback.id,
        db
          .select({ id: assistantFeedback.id })
          .from(assistantFeedback)
          .where(lt(assistantFeedback.createdAt, cutoff(assistantFeedback.companyId)))
          .limit(limit),
      ),
    )
    .returning({ id: assistantFeedback.id });
  return removed.length;
}

/** Data retention: a batch of at most `limit` WhatsApp messages older than their company's period. */
export async function deleteWhatsAppMessagesCreatedBefore(
  db: Db,
  cutoff: (companyId: AnyPgColumn) => SQL,
  limit: number,
): Promise<number> {
  const removed = await db
    .delete(whatsappMessages)
    .where(
      inArray(
        whatsappMessages.id,
        db
          .select({ id: whatsappMessages.id })
          .from(whatsappMessages)
          .where(lt(whatsappMessages.createdAt, cutoff(whatsappMessages.companyId)))
          .limit(limit),
      ),
    )
    .returning({ id: whatsappMessages.id });
  return removed.length;
}

/** Data retention: a batch of at most `limit` Instagram messages older than their company's period. */
export async function deleteInstagramMessagesCreatedBefore(
  db: Db,
  cutoff: (companyId: AnyPgColumn) => SQL,
  limit: number,
): Promise<number> {
  const removed = await db
    .delete(instagramMessages)
    .where(
      inArray(
        instagramMessages.id,
        db
          .select({ id: instagramMessages.id })
          .from(instagramMessages)
          .where(lt(instagramMessages.createdAt, cutoff(instagramMessages.companyId)))
          .limit(limit),
      ),
    )
    .returning({ id: instagramMessages.id });
  return removed.length;
}
