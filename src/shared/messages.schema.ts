import { z } from "zod";

/** Longest message or answer a customer or company may write. */
export const MESSAGE_MAX_LENGTH = 2000;
/** /mensagens previews (spec section 9: 80 characters). */
export const MESSAGE_PREVIEW_LENGTH = 80;
/** The spec's prefix of a company answer row ('RESPOSTA DA EMPRESA: '), shown before its text. */
export const COMPANY_ANSWER_PREFIX = "RESPOSTA DA EMPRESA: ";

export const MESSAGE_SENDERS = ["customer", "company"] as const;
export const MESSAGE_STATUSES = ["pending", "answered"] as const;

/** One message of a customer-company conversation, oldest first in a conversation. */
export const ConversationMessageSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  customerId: z.string(),
  sender: z.enum(MESSAGE_SENDERS),
  body: z.string(),
  /** A customer's message: pending until answered. A company answer: answered. */
  status: z.enum(MESSAGE_STATUSES),
  /** A company answer: the customer message it answers. */
  replyToId: z.string().nullable(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;

/** Per customer: their messages to the company and how many wait for an answer ('Nova'). */
export type MessageCounts = { total: number; pending: number };
