import type { AssistantSettings, FeedbackQuery, FeedbackState } from "@shared/assistant.schema";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { assistantKeys } from "./keys";

export const assistantOverviewQueryOptions = () =>
  queryOptions({
    queryKey: assistantKeys.overview(),
    queryFn: ({ signal }) => api.get("/api/assistant/settings", { signal }),
  });

export function useSaveAssistantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssistantSettings) => api.put("/api/assistant/settings", { body: input }),
    onSuccess: (overview) => queryClient.setQueryData(assistantKeys.overview(), overview),
  });
}

export const feedbackQueryOptions = (query: FeedbackQuery) =>
  queryOptions({
    queryKey: assistantKeys.feedback(query),
    queryFn: ({ signal }) =>
      api.get("/api/assistant/feedback", {
        params: { query: { page: query.page, state: query.state || undefined } },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export function useUpdateFeedbackState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, state }: { id: string; state: FeedbackState }) =>
      api.put("/api/assistant/feedback/{id}", { params: { path: { id } }, body: { state } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantKeys.all }),
  });
}

export const handoffsQueryOptions = () =>
  queryOptions({
    queryKey: assistantKeys.handoffs(),
    queryFn: ({ signal }) => api.get("/api/assistant/handoffs", { signal }),
  });

/** 'Assumir conversa' (take) and 'Devolver ao assistente' (give back). */
export function useToggleHandoff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, take }: { customerId: string; take: boolean }) =>
      take
        ? api.put("/api/assistant/handoffs/{customerId}", { params: { path: { customerId } } })
        : api.delete("/api/assistant/handoffs/{customerId}", { params: { path: { customerId } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantKeys.handoffs() }),
  });
}
