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
  const of = <T extends { companyId: unknown; customerId: unknown }>(t: T) =>
    // biome-ignore lint/suspicious/noExplicitAny: the same two columns on each table
    and(eq(t.companyId as any, companyId), eq(t.customerId as any, customerId));
  await tx.delete(marketingConsents).where(of(marketingConsents));
  await tx.delete(assistantHandoffs).where(of(assistantHandoffs));
  await tx.delete(assistantFeedback).where(of(assistantFeedback));
  await tx.delete(whatsappContacts).where(of(whatsappContacts));
  await tx.delete(instagramContacts).where(of(instagramContacts));
}
