/**
 * IA Suprema's messaging channels (decision 024): each one an adapter of the one channel core
 * (channel-adapter.ts). Their routes (channel.routes.ts) and reply jobs (assistant.jobs.ts) are
 * made from this list: a new channel is its adapter (and its tables) added here.
 */
import type { AnyChannelAdapter } from "./channel-adapter";
import { instagramChannel } from "./instagram.adapter";
import { whatsappChannel } from "./whatsapp.adapter";

export const CHANNEL_ADAPTERS: readonly AnyChannelAdapter[] = [whatsappChannel, instagramChannel];
