import { PARTNER_CHAT_POLL_MS } from "@shared/partnerships";
import type {
  MarketplaceQuery,
  PartnerMessageInput,
  PartnershipRequest,
  PartnershipSettings,
} from "@shared/partnerships.schema";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiSchemas, api } from "@/web/lib/api-client";
import { type PartnershipListState, partnershipKeys, partnershipMutations } from "./keys";
import { mergeMessages, pollAfter } from "./thread";

/** The sidebar badge and the shortcuts' counts are refreshed like the customer messages' (30 s). */
export const PARTNERSHIP_OVERVIEW_POLL_MS = 30_000;
/** The thread list of /parceria-mensagens (unread counts, new requests). */
const THREAD_LIST_POLL_MS = 10_000;

type PartnerThread = ApiSchemas["PartnerThread"];
const byId = (id: string) => ({ path: { id } });

/** 'parceria_ativa', 'parceria_descricao' and the counts of requests, partners and unread messages. */
export const partnershipOverviewQueryOptions = () =>
  queryOptions({
    queryKey: partnershipKeys.overview(),
    queryFn: ({ signal }) => api.get("/api/partnerships/settings", { signal }),
    refetchInterval: PARTNERSHIP_OVERVIEW_POLL_MS,
  });

/** Saves the switch and the description ('Parceria atualizada!'). */
export function useSavePartnershipSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: partnershipMutations.saveSettings,
    mutationFn: (input: PartnershipSettings) =>
      api.put("/api/partnerships/settings", { body: input }),
    onSuccess: (overview) => {
      queryClient.setQueryData(partnershipKeys.overview(), overview);
      return queryClient.invalidateQueries({ queryKey: partnershipKeys.all });
    },
  });
}

/** One page of the companies open to partnerships (never the own one), filtered on the server. */
export const marketplaceQueryOptions = (query: MarketplaceQuery) =>
  queryOptions({
    queryKey: partnershipKeys.marketplace(query),
    queryFn: ({ signal }) =>
      api.get("/api/partnerships/marketplace", {
        params: {
          query: {
            page: query.page,
            branch: query.branch || undefined,
            state: query.state || undefined,
            city: query.city || undefined,
          },
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** 'Solicitar Parceria' with a short proposal. */
export function useRequestPartnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: partnershipMutations.request,
    mutationFn: (input: PartnershipRequest) => api.post("/api/partnerships", { body: input }),
    // Settled: a 409 (a request already waiting) also shows the entry as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnershipKeys.all }),
  });
}

/** The own company's partnerships of a state, newest activity first. */
export const partnershipsQueryOptions = (
  state: PartnershipListState,
  { poll = false }: { poll?: boolean } = {},
) =>
  queryOptions({
    queryKey: partnershipKeys.list(state),
    queryFn: async ({ signal }) =>
      (await api.get("/api/partnerships", { params: { query: { state } }, signal })).partnerships,
    refetchInterval: poll ? THREAD_LIST_POLL_MS : false,
  });

/** One partnership; the receiver opening a request marks it 'lida'. */
export const partnershipQueryOptions = (id: string) =>
  queryOptions({
    queryKey: partnershipKeys.detail(id),
    queryFn: ({ signal }) => api.get("/api/partnerships/{id}", { params: byId(id), signal }),
  });

/** The receiver accepts ('Aceitar') or declines ('Recusar') a request. */
export function useAnswerPartnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: partnershipMutations.answer,
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      api.post("/api/partnerships/{id}/answer", { params: byId(id), body: { accept } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnershipKeys.all }),
  });
}

/** The requester withdraws a request still waiting. */
export function useCancelPartnershipRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: partnershipMutations.cancel,
    mutationFn: (id: string) => api.post("/api/partnerships/{id}/cancel", { params: byId(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnershipKeys.all }),
  });
}

/** 'Encerrar': ends an active partnership for both companies (final). */
export function useEndPartnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: partnershipMutations.end,
    mutationFn: (id: string) => api.post("/api/partnerships/{id}/end", { params: byId(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: partnershipKeys.all }),
  });
}

/**
 * An open conversation, asked again every PARTNER_CHAT_POLL_MS: only what came after the
 * messages already on screen (and the own messages still 'nova', to see them read), merged into
 * them. Each answer marks the partner's messages read and carries the partnership's state.
 */
export const partnerThreadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: partnershipKeys.thread(id),
    queryFn: async ({ signal, client, queryKey }): Promise<PartnerThread> => {
      const after = pollAfter(client.getQueryData<PartnerThread>(queryKey)?.messages ?? []);
      const answer = await api.get("/api/partnerships/{id}/messages", {
        params: { ...byId(id), query: { after: after || undefined } },
        signal,
      });
      const shown = client.getQueryData<PartnerThread>(queryKey)?.messages ?? [];
      // The partner's messages this answer brought are read now: the unread counts change.
      const known = new Set(shown.map((m) => m.id));
      if (answer.messages.some((m) => !m.fromMe && !known.has(m.id))) {
        void client.invalidateQueries({ queryKey: partnershipKeys.list("all") });
        void client.invalidateQueries({ queryKey: partnershipKeys.overview() });
      }
      return { ...answer, messages: mergeMessages(shown, answer.messages) };
    },
    refetchInterval: PARTNER_CHAT_POLL_MS,
  });

/** Sends a chat message; it joins the conversation on screen at once. */
export function useSendPartnerMessage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: partnershipMutations.send,
    mutationFn: (input: PartnerMessageInput) =>
      api.post("/api/partnerships/{id}/messages", { params: byId(id), body: input }),
    onSuccess: (message) => {
      queryClient.setQueryData<PartnerThread>(partnershipKeys.thread(id), (thread) =>
        thread ? { ...thread, messages: mergeMessages(thread.messages, [message]) } : thread,
      );
      return queryClient.invalidateQueries({ queryKey: partnershipKeys.list("all") });
    },
    // A 409: the partnership was ended meanwhile; the next answer shows it read-only.
    onError: () => queryClient.invalidateQueries({ queryKey: partnershipKeys.thread(id) }),
  });
}

/** "Parceiros de <empresa>" on the customer's company page (public). */
export const publicPartnersQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: partnershipKeys.publicPartners(companyId),
    queryFn: async ({ signal }) =>
      (await api.get("/api/companies/{id}/partners", { params: byId(companyId), signal })).partners,
    staleTime: 5 * 60_000,
  });
