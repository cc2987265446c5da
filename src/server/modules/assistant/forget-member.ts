import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { assistantFeedback, assistantHandoffs, marketingConsents } from "./assistant.table";
import { instagramContacts } from "./instagram.table";
import { whatsappContacts } from "./whatsapp.table";

/**
 * A member who left (issue 34): the company stops holding what the assistant kept of them there:
 * the marketing consent (no campaign can reach them any more), a taken-over conversation, the
 * complaints and suggestions filed from their messages, and their WhatsApp and Instagram contacts
 * with those conversations (the messages go with the contact).
 */
export async function forgetAssistantMember(tx: Db, companyId: string, customerId: string) {
  for (const table of [
    marketingConsents,
    assistantHandoffs,
    assistantFeedback,
    whatsappContacts,
    instagramContacts,
  ]) {
    await tx
      .delete(table)
      .where(and(eq(table.companyId, companyId), eq(table.customerId, customerId)));
  }
}
