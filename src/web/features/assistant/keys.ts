import type { FeedbackQuery } from "@shared/assistant.schema";

/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const assistantKeys = {
  all: ["assistant"] as const,
  /** The settings, the plan check, the engine and the open feedback count. */
  overview: () => [...assistantKeys.all, "overview"] as const,
  feedback: (query: FeedbackQuery) => [...assistantKeys.all, "feedback", query] as const,
  /** Conversations a person took over (/mensagens). */
  handoffs: () => [...assistantKeys.all, "handoffs"] as const,
};

/** This feature's mutations that change other features' data (src/web/invalidations.ts). */
export const assistantMutations = {
  /** A company's marketing consent given or withdrawn ('Meus dados' records each change). */
  setMarketingConsent: ["assistant", "marketing-consent"] as const,
};
