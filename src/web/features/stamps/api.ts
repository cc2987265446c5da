import type { AddCustomerStamp, AddStamp } from "@shared/stamps.schema";
import { queryOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { stampKeys, stampMutations } from "./keys";

/** 'Adicionar Carimbo': saved by the server (same key on a retry adds nothing). */
export function useAddStamp() {
  return useMutation({
    mutationKey: stampMutations.addForCustomer,
    mutationFn: ({
      customerId,
      key,
      input,
    }: {
      customerId: string;
      key: string;
      input: AddCustomerStamp;
    }) =>
      api.post("/api/customers/{id}/stamps", {
        params: { path: { id: customerId } },
        body: input,
        headers: { "Idempotency-Key": key },
      }),
  });
}

/** A card's add-stamp button on /cartoes (same key on a retry adds nothing). */
export function useStampCard() {
  return useMutation({
    mutationKey: stampMutations.addOnCard,
    mutationFn: ({ cardId, key, input }: { cardId: string; key: string; input: AddStamp }) =>
      api.post("/api/cards/{id}/stamps", {
        params: { path: { id: cardId } },
        body: input,
        headers: { "Idempotency-Key": key },
      }),
  });
}

/** The longest wait before asking for the code again (the code changes every 30 seconds). */
const CODE_REFRESH_MAX_MS = 30_000;

/**
 * /balcao/qr: the counter screen's self-stamp code, asked for again when it changes (`refreshAt`),
 * whether or not the screen has the focus: it stands on a counter.
 */
export const selfStampCodeQueryOptions = () =>
  queryOptions({
    queryKey: stampKeys.selfStampCode(),
    queryFn: ({ signal }) => api.get("/api/counter/self-stamp-code", { signal }),
    refetchInterval: (query) => {
      const refreshAt = query.state.data?.refreshAt;
      if (!refreshAt) return CODE_REFRESH_MAX_MS;
      // A moment after the change, so the server is surely on the new step.
      const wait = Date.parse(refreshAt) - Date.now() + 250;
      return Math.min(Math.max(wait, 1000), CODE_REFRESH_MAX_MS);
    },
    refetchIntervalInBackground: true,
    retry: false,
  });

/** /carimbar: the customer's stamp by the counter's code (the same code twice stamps once). */
export function useSelfStamp() {
  return useMutation({
    mutationKey: stampMutations.selfStamp,
    mutationFn: (token: string) => api.post("/api/me/self-stamps", { body: { token } }),
  });
}
