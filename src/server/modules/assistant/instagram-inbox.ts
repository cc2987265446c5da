/**
 * The company's Instagram conversations (/ia-suprema): who wrote, what the assistant answered,
 * and what waits for a person, who answers here (within 24 hours, or up to 7 days with the human
 * agent tag: instagram-send.ts).
 */

import type {
  InstagramConversation,
  InstagramInbox,
  InstagramReplyResult,
} from "@shared/assistant.schema";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { CompanyActor } from "../../middleware/actor";
import type { InstagramDeps } from "./instagram.service";
import { instagramContacts, instagramMessages } from "./instagram.table";
import { instagramWindow, sendInstagramText } from "./instagram-send";

/** Conversations listed, and messages shown of each. */
const CONVERSATIONS_MAX = 30;
const MESSAGES_PER_CONVERSATION = 10;

export async function listInstagramInbox(
  db: Db,
  actor: CompanyActor,
  now = new Date(),
): Promise<InstagramInbox> {
  // Each message of the company's newest conversations, ranked newest first in its conversation.
  const m = instagramMessages;
  const lastAt = sql<Date>`max(${m.createdAt}) over (partition by ${m.contactId})`;
  const ranked = db
    .select({
      id: m.id,
      contactId: m.contactId,
      direction: m.direction,
      body: m.body,
      status: m.status,
      createdAt: m.createdAt,
      username: instagramContacts.username,
      lastInboundAt: instagramContacts.lastInboundAt,
      lastAt: lastAt.as("last_at"),
      pending:
        sql<number>`(count(*) filter (where ${m.direction} = 'in' and ${m.status} = 'pending') over (partition by ${m.contactId}))::int`.as(
          "pending",
        ),
      rank: sql<number>`row_number() over (partition by ${m.contactId} order by ${m.createdAt} desc, ${m.id} desc)`.as(
        "rank",
      ),
    })
    .from(m)
    .innerJoin(instagramContacts, eq(instagramContacts.id, m.contactId))
    .where(eq(m.companyId, actor.companyId))
    .as("ranked");
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${MESSAGES_PER_CONVERSATION}`)
    .orderBy(desc(ranked.lastAt), ranked.contactId, ranked.createdAt, ranked.id)
    .limit(CONVERSATIONS_MAX * MESSAGES_PER_CONVERSATION);

  const conversations = new Map<string, InstagramConversation>();
  for (const row of rows) {
    let c = conversations.get(row.contactId);
    if (!c) {
      if (conversations.size === CONVERSATIONS_MAX) break;
      const window = instagramWindow(row.lastInboundAt, now);
      c = {
        contactId: row.contactId,
        username: row.username ?? "",
        pending: row.pending,
        windowOpen: window === "open",
        humanAgentOpen: window !== "closed",
        lastAt: new Date(row.lastAt).toISOString(),
        messages: [],
      };
      conversations.set(row.contactId, c);
    }
    c.messages.push({
      id: row.id,
      direction: row.direction,
      body: row.body,
      status: row.status,
      createdAt: new Date(row.createdAt).toISOString(),
    });
  }
  return { conversations: [...conversations.values()] };
}

/**
 * A person answers an Instagram contact of the company (404 for another's): sent within the
 * window (up to 7 days with the human agent tag); once it went out, what waited is answered.
 */
export async function replyOnInstagram(
  db: Db,
  deps: InstagramDeps,
  actor: CompanyActor,
  contactId: string,
  body: string,
): Promise<InstagramReplyResult> {
  const [contact] = await db
    .select({ id: instagramContacts.id })
    .from(instagramContacts)
    .where(
      and(eq(instagramContacts.id, contactId), eq(instagramContacts.companyId, actor.companyId)),
    )
    .limit(1);
  if (!contact) throw new AppError("not_found", 404, "Contact not found");
  const result = await sendInstagramText(db, deps, actor.companyId, contactId, body, {
    byPerson: true,
  });
  if (result.status === "unavailable") {
    throw new AppError("instagram_unavailable", 409, "The company has no Instagram channel");
  }
  if (result.status === "sent") {
    await db
      .update(instagramMessages)
      .set({ status: "answered" })
      .where(
        and(
          eq(instagramMessages.contactId, contactId),
          eq(instagramMessages.companyId, actor.companyId),
          eq(instagramMessages.direction, "in"),
          eq(instagramMessages.status, "pending"),
        ),
      );
  }
  return { status: result.status };
}
