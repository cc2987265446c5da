/**
 * The company's WhatsApp conversations (/ia-suprema): who wrote, what the assistant answered, and
 * what waits for a person, who answers here through the same 24-hour rule as the assistant.
 */

import type {
  WhatsAppConversation,
  WhatsAppInbox,
  WhatsAppReplyResult,
} from "@shared/assistant.schema";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { findCustomerNames } from "./assistant.queries";
import type { WhatsAppDeps } from "./whatsapp.service";
import { whatsappContacts, whatsappMessages } from "./whatsapp.table";
import { sendWhatsAppText, WHATSAPP_WINDOW_MS } from "./whatsapp-send";

/** Conversations listed, and messages shown of each. */
const CONVERSATIONS_MAX = 30;
const MESSAGES_PER_CONVERSATION = 10;

export async function listWhatsAppInbox(
  db: Db,
  actor: CompanyActor,
  now = new Date(),
): Promise<WhatsAppInbox> {
  const lastAt = sql<Date>`max(${whatsappMessages.createdAt})`;
  const contacts = await db
    .select({
      id: whatsappContacts.id,
      name: whatsappContacts.name,
      phone: whatsappContacts.phone,
      customerId: whatsappContacts.customerId,
      lastInboundAt: whatsappContacts.lastInboundAt,
      lastAt,
      pending: sql<number>`count(*) filter (where ${whatsappMessages.direction} = 'in' and ${whatsappMessages.status} = 'pending')::int`,
    })
    .from(whatsappContacts)
    .innerJoin(whatsappMessages, eq(whatsappMessages.contactId, whatsappContacts.id))
    .where(eq(whatsappContacts.companyId, actor.companyId))
    .groupBy(whatsappContacts.id)
    .orderBy(desc(lastAt))
    .limit(CONVERSATIONS_MAX);
  if (contacts.length === 0) return { conversations: [] };

  const ranked = db
    .select({
      id: whatsappMessages.id,
      contactId: whatsappMessages.contactId,
      direction: whatsappMessages.direction,
      body: whatsappMessages.body,
      status: whatsappMessages.status,
      createdAt: whatsappMessages.createdAt,
      rank: sql<number>`row_number() over (partition by ${whatsappMessages.contactId} order by ${whatsappMessages.createdAt} desc, ${whatsappMessages.id} desc)`.as(
        "rank",
      ),
    })
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.companyId, actor.companyId),
        inArray(
          whatsappMessages.contactId,
          contacts.map((c) => c.id),
        ),
      ),
    )
    .as("ranked");
  const messages = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${MESSAGES_PER_CONVERSATION}`)
    .orderBy(ranked.createdAt, ranked.id);

  // Contacts matched to a member (by phone) show the member's name: read at once for all.
  const memberNames = await findCustomerNames(
    db,
    contacts.flatMap((c) => (c.customerId ? [c.customerId] : [])),
  );
  const conversations: WhatsAppConversation[] = [];
  for (const c of contacts) {
    const memberName = c.customerId ? (memberNames.get(c.customerId) ?? null) : null;
    conversations.push({
      contactId: c.id,
      name: memberName ?? c.name ?? "",
      phone: c.phone,
      member: memberName !== null,
      pending: c.pending,
      windowOpen:
        c.lastInboundAt !== null && now.getTime() - c.lastInboundAt.getTime() < WHATSAPP_WINDOW_MS,
      lastAt: new Date(c.lastAt).toISOString(),
      messages: messages
        .filter((m) => m.contactId === c.id)
        .map((m) => ({
          id: m.id,
          direction: m.direction,
          body: m.body,
          status: m.status,
          createdAt: new Date(m.createdAt).toISOString(),
        })),
    });
  }
  return { conversations };
}

/**
 * A person answers a WhatsApp contact of the company (404 for another's): sent through the
 * 24-hour rule; once it went out, what waited for a person is answered.
 */
export async function replyOnWhatsApp(
  db: Db,
  deps: WhatsAppDeps,
  actor: CompanyActor,
  contactId: string,
  body: string,
): Promise<WhatsAppReplyResult> {
  const [contact] = await db
    .select({ id: whatsappContacts.id })
    .from(whatsappContacts)
    .where(and(eq(whatsappContacts.id, contactId), eq(whatsappContacts.companyId, actor.companyId)))
    .limit(1);
  if (!contact) throw new AppError("not_found", 404, "Contact not found");
  const result = await sendWhatsAppText(db, deps, actor.companyId, contactId, body);
  if (result.status === "unavailable") {
    throw new AppError("whatsapp_unavailable", 409, "The company has no WhatsApp channel");
  }
  if (result.status === "sent" || result.status === "template_sent") {
    await db
      .update(whatsappMessages)
      .set({ status: "answered" })
      .where(
        and(
          eq(whatsappMessages.contactId, contactId),
          eq(whatsappMessages.companyId, actor.companyId),
          eq(whatsappMessages.direction, "in"),
          eq(whatsappMessages.status, "pending"),
        ),
      );
  }
  return { status: result.status };
}
