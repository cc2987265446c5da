import type { AddCustomerStamp, AddStamp } from "@shared/stamps.schema";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { stampMutations } from "./keys";

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
