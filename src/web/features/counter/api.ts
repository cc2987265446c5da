import type { AddStamp } from "@shared/stamps.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { counterCodeKeys, counterKeys, counterMutations } from "./keys";

/** What the stamp form needs of the company's rules (stamps by value), readable by every role. */
export const counterRulesQueryOptions = () =>
  queryOptions({
    queryKey: counterKeys.rules(),
    queryFn: ({ signal }) => api.get("/api/counter/rules", { signal }),
    staleTime: 60_000,
  });

/** The customer at the counter: name, masked phone, open cards and their latest stamps. */
export const counterCustomerQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: counterKeys.customer(customerId),
    queryFn: ({ signal }) =>
      api.get("/api/counter/customers/{id}", { params: { path: { id: customerId } }, signal }),
  });

/** The name or phone search (2 characters at least). */
export const counterSearchQueryOptions = (term: string) =>
  queryOptions({
    queryKey: counterKeys.search(term),
    queryFn: ({ signal }) =>
      api.get("/api/counter/customers", { params: { query: { search: term } }, signal }),
    enabled: term.length >= 2,
    staleTime: 10_000,
    retry: false,
  });

/** A scanned QR code or a typed short code: the customer, put in the cache under their id. */
export function useCounterLookup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: counterMutations.lookup,
    mutationFn: (code: string) => api.post("/api/counter/lookup", { body: { code } }),
    retry: false,
    // Offline the look-up fails at once (not paused): the counter then queues the stamp.
    networkMode: "always",
    onSuccess: (customer) => queryClient.setQueryData(counterKeys.customer(customer.id), customer),
  });
}

/**
 * A stamp at the counter: on an open card, or for a customer without one (the default
 * programme's card opens). `key` is the action's Idempotency-Key: a retry of the same stamp (a
 * double tap, a lost answer) reuses it and stamps once.
 */
export function useCounterStamp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: counterMutations.stamp,
    mutationFn: ({
      target,
      key,
      input,
    }: {
      target: { cardId: string } | { customerId: string };
      key: string;
      input: AddStamp;
    }) =>
      "cardId" in target
        ? api.post("/api/cards/{id}/stamps", {
            params: { path: { id: target.cardId } },
            body: input,
            headers: { "Idempotency-Key": key },
          })
        : api.post("/api/customers/{id}/stamps", {
            params: { path: { id: target.customerId } },
            body: input,
            headers: { "Idempotency-Key": key },
          }),
    onSettled: (card) =>
      card
        ? queryClient.invalidateQueries({ queryKey: counterKeys.customer(card.customerId) })
        : undefined,
  });
}

/** 'Resgatar' a complete card at the counter (with the action's Idempotency-Key). */
export function useCounterRedeem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: counterMutations.redeem,
    mutationFn: ({ cardId, key }: { cardId: string; key: string }) =>
      api.post("/api/cards/{id}/redeem", {
        params: { path: { id: cardId } },
        body: { bonusType: "", notes: "" },
        headers: { "Idempotency-Key": key },
      }),
    onSuccess: (card) =>
      queryClient.invalidateQueries({ queryKey: counterKeys.customer(card.customerId) }),
  });
}

/** The signed-in customer's counter code, fetched again when its QR code changes (30 s). */
export const counterCodeQueryOptions = () =>
  queryOptions({
    queryKey: counterCodeKeys.all,
    queryFn: ({ signal }) => api.get("/api/me/counter-code", { signal }),
    // A fresh QR code each time the panel opens; then when the server says it changes.
    staleTime: 0,
    gcTime: 0,
    // Back on the page after a while: the code shown may be old, fetch the current one at once.
    refetchOnWindowFocus: "always",
    refetchInterval: (query) => {
      const refreshAt = query.state.data?.refreshAt;
      return refreshAt ? Math.max(1_000, Date.parse(refreshAt) - Date.now() + 250) : 30_000;
    },
  });
