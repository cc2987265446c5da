import type { SendMessage } from "@shared/messages.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { messageKeys, messageMutations } from "./keys";

/** Unread counter polling (spec section 9: 30000 ms). */
export const UNREAD_MESSAGES_POLL_MS = 30_000;

/** /mensagens: the customers' messages to the company, newest first. */
export const inboxQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.inbox(),
    queryFn: ({ signal }) => api.get("/api/messages", { signal }),
  });

/** The company's pending customer messages (sidebar badge, dashboard card), every 30 seconds. */
export const unreadMessagesQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) => api.get("/api/messages/unread", { signal }),
    refetchInterval: UNREAD_MESSAGES_POLL_MS,
  });

/** The signed-in customer's conversation with one company, oldest first. */
export const conversationQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: messageKeys.conversation(companyId),
    queryFn: ({ signal }) =>
      api.get("/api/me/companies/{id}/messages", { params: { path: { id: companyId } }, signal }),
    // While the newest message waits for an answer, look again: every 2 s in its first minute (the
    // company's assistant, IA Suprema, answers within seconds), then every 30 s (a person).
    refetchInterval: (query) => {
      const newest = query.state.data?.at(-1);
      if (newest?.status !== "pending") return false;
      return Date.now() - Date.parse(newest.createdAt) < 60_000 ? 2_000 : 30_000;
    },
  });

/** The companies' answers to the customer's messages and interests, newest first. */
export const myRepliesQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.myReplies(),
    queryFn: ({ signal }) => api.get("/api/me/replies", { signal }),
  });

/** A customer writes to a company. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessage) => api.post("/api/me/messages", { body: input }),
    onSuccess: (_message, input) =>
      queryClient.invalidateQueries({ queryKey: messageKeys.conversation(input.companyId) }),
  });
}

/** The company answers a pending customer message. */
export function useReplyToMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: messageMutations.reply,
    mutationFn: ({ messageId, body }: { messageId: string; body: string }) =>
      api.post("/api/messages/{id}/reply", { params: { path: { id: messageId } }, body: { body } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
