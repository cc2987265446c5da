/**
 * The assistant module's jobs: IA Suprema's replies on the messaging channels and its campaigns
 * (src/server/jobs.ts runs every module's; the in-app answer is flows/answer-message.ts).
 */
import type { JobDefinition } from "../jobs/jobs.service";
import type { AssistantJobDeps } from "./assistant.deps";
import {
  CAMPAIGNS_JOB,
  runCampaigns,
  sendCampaignWhatsApp,
  WHATSAPP_CAMPAIGN_JOB,
} from "./campaigns.job";
import { replyToInbound } from "./channel-reply";
import { CHANNEL_ADAPTERS } from "./channels";

export const ASSISTANT_JOBS: readonly JobDefinition<AssistantJobDeps>[] = [
  // IA Suprema on each messaging channel (`whatsapp-reply`, `instagram-reply`): answers an inbound
  // text (queued by the webhook with the message). Idempotent by the message's `received` state
  // and the feedback's source message.
  ...CHANNEL_ADAPTERS.map(
    (adapter): JobDefinition<AssistantJobDeps> => ({
      name: adapter.replyJob,
      handler: (deps, now, data) => replyToInbound(adapter, deps, now, data),
      pollingIntervalSeconds: 1,
      retryLimit: 3,
      retryDelaySeconds: 5,
      expireInSeconds: 60,
    }),
  ),
  // IA Suprema's campaigns: every 5 minutes, each company past its send time (São Paulo) gets its
  // promotion and reminder at its frequency, only to consenting members. Once per company, kind
  // and São Paulo date (a campaign_runs row is the once-key).
  {
    name: CAMPAIGNS_JOB,
    cron: "*/5 * * * *",
    handler: ({ db, appUrl, authSecret }, now) => runCampaigns({ db, appUrl, authSecret }, now),
    expireInSeconds: 30 * 60,
  },
  // A campaign's WhatsApp message to one member (queued by the campaign's transaction): the
  // 24-hour rule decides between the text, the approved template, or nothing.
  {
    name: WHATSAPP_CAMPAIGN_JOB,
    handler: ({ db, channelSecretKey, graphApiBaseUrl }, _now, data) =>
      sendCampaignWhatsApp({ db, channelSecretKey, graphApiBaseUrl }, data),
    concurrency: 2,
    retryLimit: 3,
    expireInSeconds: 60,
  },
];
