/**
 * A channel's conversations for the company (/ia-suprema), once for every channel: who wrote,
 * what the assistant answered, what waits for a person; and a person's answer, sent through the
 * channel's rules (channel-send.ts), which settles what waited once it went out.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import { findCustomerNames } from "./assistant.queries";
import type { ChannelAdapter, ChannelDeps, ConversationRow } from "./channel-adapter";
import { sendOnChannel } from "./channel-send";

/** Conversations listed, and messages shown of each. */
const CONVERSATIONS_MAX = 30;
const MESSAGES_PER_CONVERSATION = 10;

/** The company's newest conversations on this channel, newest first, shaped by the adapter. */
export async function listChannelInbox<Row>(
  db: Db,
  adapter: ChannelAdapter<Row, unknown>,
  actor: CompanyActor,
  now = new Date(),
) {
  const { contacts, address, contactName, messages: m } = adapter.tables;
  const lastAt = sql<Date>`max(${m.createdAt})`;
  const rows = await db
    .select({
      id: contacts.id,
      name: contactName,
      address,
      customerId: contacts.customerId,
      lastInboundAt: contacts.lastInboundAt,
      lastAt,
      pending: sql<number>`count(*) filter (where ${m.direction} = 'in' and ${m.status} = 'pending')::int`,
    })
    .from(contacts)
    .innerJoin(m, eq(m.contactId, contacts.id))
    .where(eq(contacts.companyId, actor.companyId))
    .groupBy(contacts.id)
    .orderBy(desc(lastAt))
    .limit(CONVERSATIONS_MAX);
  if (rows.length === 0) return { conversations: [] };

  const ranked = db
    .select({
      id: m.id,
      contactId: m.contactId,
      direction: m.direction,
      body: m.body,
      status: m.status,
      createdAt: m.createdAt,
      rank: sql<number>`row_number() over (partition by ${m.contactId} order by ${m.createdAt} desc, ${m.id} desc)`.as(
        "rank",
      ),
    })
    .from(m)
    .where(
      and(
        eq(m.companyId, actor.companyId),
        inArray(
          m.contactId,
          rows.map((c) => c.id),
        ),
      ),
    )
    .as("ranked");
  const messages = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${MESSAGES_PER_CONVERSATION}`)
    .orderBy(ranked.createdAt, ranked.id);

  // Contacts matched to a member show the member's name: read at once for all.
  const memberNames = await findCustomerNames(
    db,
    rows.flatMap((c) => (c.customerId ? [c.customerId] : [])),
  );
  const conversations = rows.map((c) => {
    const row: ConversationRow = {
      contactId: c.id,
      address: c.address,
      name: c.name,
      memberName: c.customerId ? (memberNames.get(c.customerId) ?? null) : null,
      lastInboundAt: c.lastInboundAt,
      lastAt: new Date(c.lastAt).toISOString(),
      pending: c.pending,
      messages: messages
        .filter((message) => message.contactId === c.id)
        .map((message) => ({
          id: message.id,
          direction: message.direction,
          body: message.body,
          status: message.status,
          createdAt: new Date(message.createdAt).toISOString(),
        })),
    };
    return adapter.conversation(row, now);
  });
  return { conversations };
}

/**
 * A person answers a contact of the company on this channel (404 for another's); once it went out
 * (the text, or the template), what waited for a person is answered.
 */
export async function replyAsPerson<Row>(
  db: Db,
  adapter: ChannelAdapter<Row, unknown>,
  deps: ChannelDeps,
  actor: CompanyActor,
  contactId: string,
  body: string,
) {
  const { contacts, messages } = adapter.tables;
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, actor.companyId)))
    .limit(1);
  if (!contact) throw new AppError("not_found", 404, "Contact not found");
  const result = await sendOnChannel(db, adapter, deps, actor.companyId, contactId, body, {
    byPerson: true,
  });
  if (result.status === "unavailable") {
    throw new AppError(
      `${adapter.name}_unavailable`,
      409,
      `The company has no ${adapter.label} channel`,
    );
  }
  if (result.status === "sent" || result.status === "template_sent") {
    await db
      .update(messages)
      .set({ status: "answered" })
      .where(
        and(
          eq(messages.contactId, contactId),
          eq(messages.companyId, actor.companyId),
          eq(messages.direction, "in"),
          eq(messages.status, "pending"),
        ),
      );
  }
  return { status: result.status };
}
