import type { SaveWhatsAppChannel } from "@shared/assistant-channels";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { assistantKeys } from "./keys";

/** The WhatsApp channel's query key (under the feature's own keys). */
export const whatsappChannelKey = () => [...assistantKeys.all, "whatsapp"] as const;

/** The company's WhatsApp channel: which secrets are set (never them) and the webhook URL. */
export const whatsappChannelQueryOptions = () =>
  queryOptions({
    queryKey: whatsappChannelKey(),
    queryFn: ({ signal }) => api.get("/api/assistant/whatsapp", { signal }),
  });

/** Saves the credentials; an empty secret keeps the one saved. */
export function useSaveWhatsAppChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveWhatsAppChannel) => api.put("/api/assistant/whatsapp", { body: input }),
    onSuccess: (channel) => queryClient.setQueryData(whatsappChannelKey(), channel),
  });
}

/** Removes the channel (the assistant stops answering on WhatsApp). */
export function useRemoveWhatsAppChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete("/api/assistant/whatsapp"),
    onSuccess: (channel) => queryClient.setQueryData(whatsappChannelKey(), channel),
  });
}

const inboxKey = () => [...assistantKeys.all, "whatsapp", "inbox"] as const;

/** The company's WhatsApp conversations (what waits for a person first in each), every 15 s. */
export const whatsappInboxQueryOptions = () =>
  queryOptions({
    queryKey: inboxKey(),
    queryFn: ({ signal }) => api.get("/api/assistant/whatsapp/inbox", { signal }),
    refetchInterval: 15_000,
  });

/** A person answers a WhatsApp contact (the 24-hour rule applies on the server). */
export function useReplyOnWhatsApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, body }: { contactId: string; body: string }) =>
      api.post("/api/assistant/whatsapp/contacts/{id}/reply", {
        params: { path: { id: contactId } },
        body: { body },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey() }),
  });
}
