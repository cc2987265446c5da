import type { Db } from "../../db/client";
import type { AssistantEngine } from "./engine";

/** What the assistant's jobs use of the app's job deps (src/server/jobs.ts AppJobDeps). */
export type AssistantJobDeps = {
  db: Db;
  appUrl: string;
  /** IA Suprema's engine (default: the rules engine). */
  assistantEngine?: AssistantEngine;
  /** The app's auth secret: campaigns sign their one-click opt-out links with it. */
  authSecret?: string;
  /** The key of the messaging channels' secrets; without it nothing goes out there. */
  channelSecretKey?: Buffer;
  /** Meta's Graph API (GRAPH_API_BASE_URL; default https://graph.facebook.com/v21.0). */
  graphApiBaseUrl?: string;
};
