import type {
  SaveWhatsAppChannel,
  WhatsAppChannel,
  WhatsAppInbox,
  WhatsAppReplyResult,
} from "@shared/assistant.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/web/lib/api-client";
import { assistantKeys } from "./keys";

/** The WhatsApp channel's query key (under the feature's own keys). */
export const whatsappChannelKey = () => [...assistantKeys.all, "whatsapp"] as const;

const PATH = "/api/assistant/whatsapp";

/** The company's WhatsApp channel: which secrets are set (never them) and the webhook URL. */
export const whatsappChannelQueryOptions = () =>
  queryOptions({
    queryKey: whatsappChannelKey(),
    queryFn: ({ signal }) => apiClient.get<WhatsAppChannel>(PATH, { signal }),
  });

/** Saves the credentials; an empty secret keeps the one saved. */
export function useSaveWhatsAppChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveWhatsAppChannel) => apiClient.put<WhatsAppChannel>(PATH, input),
    onSuccess: (channel) => queryClient.setQueryData(whatsappChannelKey(), channel),
  });
}

/** Removes the channel (the assistant stops answering on WhatsApp). */
export function useRemoveWhatsAppChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete<WhatsAppChannel>(PATH),
    onSuccess: (channel) => queryClient.setQueryData(whatsappChannelKey(), channel),
  });
}

const inboxKey = () => [...assistantKeys.all, "whatsapp", "inbox"] as const;

/** The company's WhatsApp conversations (what waits for a person first in each), every 15 s. */
export const whatsappInboxQueryOptions = () =>
  queryOptions({
    queryKey: inboxKey(),
    queryFn: ({ signal }) => apiClient.get<WhatsAppInbox>(`${PATH}/inbox`, { signal }),
    refetchInterval: 15_000,
  });

/** A person answers a WhatsApp contact (the 24-hour rule applies on the server). */
export function useReplyOnWhatsApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, body }: { contactId: string; body: string }) =>
      apiClient.post<WhatsAppReplyResult>(`${PATH}/contacts/${contactId}/reply`, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey() }),
  });
}
