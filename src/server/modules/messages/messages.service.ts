import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { ConversationMessage, MessageCounts } from "../../../shared/messages.schema";
import type { Db } from "../../db/client";
import { customerMessages } from "./messages.table";

const toMessage = (row: typeof customerMessages.$inferSelect): ConversationMessage => ({
  id: row.id,
  companyId: row.companyId,
  customerId: row.customerId,
  sender: row.sender,
  body: row.body,
  status: row.status,
  replyToId: row.replyToId,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The customers' messages to the company, counted per customer: all of them, and those still
 * pending (unread). Company answers are not counted.
 */
export async function countMessagesByCustomer(
  db: Db,
  companyId: string,
  customerIds: string[],
): Promise<Map<string, MessageCounts>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select({
      customerId: customerMessages.customerId,
      total: sql<number>`count(*)::int`,
      pending: sql<number>`count(*) filter (where ${customerMessages.status} = 'pending')::int`,
    })
    .from(customerMessages)
    .where(
      and(
        eq(customerMessages.companyId, companyId),
        eq(customerMessages.sender, "customer"),
        inArray(customerMessages.customerId, customerIds),
      ),
    )
    .groupBy(customerMessages.customerId);
  return new Map(rows.map((r) => [r.customerId, { total: r.total, pending: r.pending }]));
}

/** One customer's conversation with the company (their messages and its answers), oldest first. */
export async function listConversation(
  db: Db,
  companyId: string,
  customerId: string,
  limit = 200,
): Promise<ConversationMessage[]> {
  const rows = await db
    .select()
    .from(customerMessages)
    .where(
      and(eq(customerMessages.companyId, companyId), eq(customerMessages.customerId, customerId)),
    )
    .orderBy(asc(customerMessages.createdAt), asc(customerMessages.id))
    .limit(limit);
  return rows.map(toMessage);
}
