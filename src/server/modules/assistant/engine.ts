/**
 * IA Suprema's engines behind one interface: the rules engine (rules-engine.ts: intents by
 * keywords, always available, used by the tests) and the language model (llm-engine.ts, when
 * LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set), which falls back to the rules on an error or
 * after ASSISTANT_LLM_TIMEOUT_MS. An engine only reads: the facts it is given and the read-only
 * tools of this company and this customer. The service (assistant.service.ts) does every write
 * (the answer row, a filed complaint or suggestion), from the engine's intent.
 */
import type { AssistantIntent, AssistantSettings } from "@shared/assistant.schema";

/** One of the writing customer's own cards at this company. */
export type CardFacts = {
  /** The programme's name ('Cartão Café'): how the customer knows the card. */
  programName: string;
  /** What the card earns ('Um café expresso'). */
  reward: string;
  stamps: number;
  stampsRequired: number;
  /** `active` (collecting), `complete` (reward waiting), `redeemed`. */
  status: "active" | "complete" | "redeemed";
};

/** The company's running special promotion. */
export type PromotionFacts = { description: string; endsOn: string | null };

/** What an engine knows when it answers one message: this company and this customer only. */
export type AssistantFacts = {
  settings: AssistantSettings;
  /** When the message arrived (service hours are São Paulo time). */
  now: Date;
  /** The member writing; null for a WhatsApp contact not matched to a member, or on Instagram. */
  customer: { name: string } | null;
  /** Where the message came from. */
  channel: "app" | "whatsapp" | "instagram";
};

/**
 * Read-only lookups an engine may make (the language model calls them as tools). They are bound
 * to this company and this customer by the service: there is no parameter naming another one.
 */
export type AssistantTools = {
  /** This customer's cards at this company (empty for an unknown contact). */
  myCards(): Promise<CardFacts[]>;
  /** The company's running promotion, or null. */
  runningPromotion(): Promise<PromotionFacts | null>;
};

/**
 * The engine's answer: what it understood, and the text to send (null for `handover`: the
 * message stays pending for a person).
 */
export type AssistantAnswer = { intent: AssistantIntent; text: string | null };

export interface AssistantEngine {
  readonly kind: "rules" | "llm";
  answer(message: string, facts: AssistantFacts, tools: AssistantTools): Promise<AssistantAnswer>;
}
