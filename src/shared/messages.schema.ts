import { z } from "zod";
import { text } from "./text";

// Without zod, for the customer's first screen (issue 35): ./preview.
export { preview } from "./preview";

/** Longest message or answer a customer or company may write. */
export const MESSAGE_MAX_LENGTH = 2000;

export const MESSAGE_SENDERS = ["customer", "company"] as const;
export const MESSAGE_STATUSES = ["pending", "answered"] as const;

/** One message of a customer-company conversation, oldest first in a conversation. */
export const ConversationMessageSchema = z
  .object({
    id: z.string(),
    companyId: z.string(),
    customerId: z.string(),
    sender: z.enum(MESSAGE_SENDERS),
    body: z.string(),
    /** A customer's message: pending until answered. A company answer: answered. */
    status: z.enum(MESSAGE_STATUSES),
    /** A company answer: the customer message it answers. */
    replyToId: z.string().nullable(),
    /** A company notice (e.g. the birthday gift): its subject; null for messages and answers. */
    subject: z.string().nullable(),
    /** A company answer IA Suprema wrote: the assistant's name (shown as automatic); else null. */
    assistantName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "ConversationMessage" });
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;

/** Per customer: their messages to the company and how many wait for an answer ('Nova'). */
export type MessageCounts = { total: number; pending: number };

/** Customer messages per customer in a window (spec: none; against flooding a company's inbox). */
export const MESSAGE_RATE_LIMIT = { max: 10, windowSeconds: 10 * 60 } as const;

/**
 * Non-blank, at most MESSAGE_MAX_LENGTH characters after trimming: a longer text is refused
 * (never cut), and the forms count the characters as they are typed.
 */
const messageBody = (required: string, tooLong: string) =>
  text({ multiline: true, message: required })
    .trim()
    .min(1, required)
    .max(MESSAGE_MAX_LENGTH, tooLong);

/** The text of a customer's message (the form sends it with the company from the page). */
export const MessageBodySchema = z.object({
  body: messageBody("message_required", "message_too_long"),
});
export type MessageBody = z.infer<typeof MessageBodySchema>;

/** A signed-in customer writes to a company. */
export const SendMessageSchema = MessageBodySchema.extend({
  companyId: z
    .string("company_required")
    .trim()
    .min(1, "company_required")
    .max(100, "company_required"),
});
export type SendMessage = z.infer<typeof SendMessageSchema>;

/** A company's answer to a customer message or to an interest (spec section 5: non-blank). */
export const ReplySchema = z.object({ body: messageBody("reply_required", "reply_too_long") });
export type Reply = z.infer<typeof ReplySchema>;

/** A customer's message as the company's /mensagens lists it, with its answer once answered. */
export const InboxMessageSchema = z
  .object({
    id: z.string(),
    customerId: z.string(),
    customerName: z.string(),
    customerEmail: z.string(),
    body: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    createdAt: z.string(),
    /** The answer once answered; `assistantName` when IA Suprema wrote it. */
    answer: z
      .object({ body: z.string(), createdAt: z.string(), assistantName: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: "InboxMessage" });
export type InboxMessage = z.infer<typeof InboxMessageSchema>;

/** The unread counter: the company's customer messages still pending. */
export const UnreadMessagesSchema = z
  .object({ pending: z.number().int() })
  .meta({ id: "UnreadMessages" });
export type UnreadMessages = z.infer<typeof UnreadMessagesSchema>;

/** An answer to the customer's message or interest, or a notice the company sent on its own. */
export const COMPANY_REPLY_KINDS = ["message", "interest", "notice"] as const;

/**
 * A company's answer as its customer sees it: to one of their messages or to an interest; or a
 * notice from the company (the birthday gift's message), with its subject.
 */
export const CompanyReplySchema = z
  .object({
    id: z.string(),
    kind: z.enum(COMPANY_REPLY_KINDS),
    companyId: z.string(),
    companyName: z.string(),
    body: z.string(),
    /** What the customer had written (their message, or the interest's description); "" for a notice. */
    original: z.string(),
    /** A notice's subject (e.g. 'Feliz aniversário! …'); null for answers. */
    subject: z.string().nullable(),
    /** IA Suprema's name when the assistant wrote it (shown as automatic); null otherwise. */
    assistantName: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "CompanyReply" });
export type CompanyReply = z.infer<typeof CompanyReplySchema>;

/** At most this many company replies are listed for a customer. */
export const COMPANY_REPLIES_MAX = 50;
