import type {
  AssistantOverview,
  AssistantSettings,
  FeedbackList,
  FeedbackQuery,
  FeedbackState,
  TakenOver,
} from "@shared/assistant.schema";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/web/lib/api-client";
import { assistantKeys } from "./keys";

const SETTINGS_PATH = "/api/assistant/settings";

export const assistantOverviewQueryOptions = () =>
  queryOptions({
    queryKey: assistantKeys.overview(),
    queryFn: ({ signal }) => apiClient.get<AssistantOverview>(SETTINGS_PATH, { signal }),
  });

export function useSaveAssistantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssistantSettings) =>
      apiClient.put<AssistantOverview>(SETTINGS_PATH, input),
    onSuccess: (overview) => queryClient.setQueryData(assistantKeys.overview(), overview),
  });
}

export const feedbackQueryOptions = (query: FeedbackQuery) =>
  queryOptions({
    queryKey: assistantKeys.feedback(query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(query.page) });
      if (query.state) params.set("state", query.state);
      return apiClient.get<FeedbackList>(`/api/assistant/feedback?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });

export function useUpdateFeedbackState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, state }: { id: string; state: FeedbackState }) =>
      apiClient.put(`/api/assistant/feedback/${id}`, { state }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantKeys.all }),
  });
}

export const handoffsQueryOptions = () =>
  queryOptions({
    queryKey: assistantKeys.handoffs(),
    queryFn: ({ signal }) => apiClient.get<TakenOver>("/api/assistant/handoffs", { signal }),
  });

/** 'Assumir conversa' (take) and 'Devolver ao assistente' (give back). */
export function useToggleHandoff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, take }: { customerId: string; take: boolean }) =>
      take
        ? apiClient.put(`/api/assistant/handoffs/${customerId}`)
        : apiClient.delete(`/api/assistant/handoffs/${customerId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assistantKeys.handoffs() }),
  });
}
