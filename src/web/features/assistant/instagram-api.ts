import type { InstagramChannel, SaveInstagramChannel } from "@shared/assistant-channels";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { assistantKeys } from "./keys";

/** The Instagram channel's query key (under the feature's own keys). */
export const instagramChannelKey = () => [...assistantKeys.all, "instagram"] as const;
const inboxKey = () => [...instagramChannelKey(), "inbox"] as const;

/** The company's Instagram channel: which secrets are set (never them) and the webhook URL. */
export const instagramChannelQueryOptions = () =>
  queryOptions({
    queryKey: instagramChannelKey(),
    queryFn: ({ signal }) => api.get("/api/assistant/instagram", { signal }),
  });

/** Saves (an empty secret keeps the one saved) or removes the channel. */
export function useInstagramChannelMutations() {
  const queryClient = useQueryClient();
  const onSuccess = (channel: InstagramChannel) =>
    queryClient.setQueryData(instagramChannelKey(), channel);
  return {
    save: useMutation({
      mutationFn: (input: SaveInstagramChannel) =>
        api.put("/api/assistant/instagram", { body: input }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: () => api.delete("/api/assistant/instagram"),
      onSuccess,
    }),
  };
}

/** The company's Instagram conversations, every 15 s. */
export const instagramInboxQueryOptions = () =>
  queryOptions({
    queryKey: inboxKey(),
    queryFn: ({ signal }) => api.get("/api/assistant/instagram/inbox", { signal }),
    refetchInterval: 15_000,
  });

/** A person answers an Instagram contact (the 24-hour and 7-day rules apply on the server). */
export function useReplyOnInstagram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contactId, body }: { contactId: string; body: string }) =>
      api.post("/api/assistant/instagram/contacts/{id}/reply", {
        params: { path: { id: contactId } },
        body: { body },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKey() }),
  });
}
