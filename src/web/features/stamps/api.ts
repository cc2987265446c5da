import type { CompanyCard } from "@shared/cards.schema";
import type { AddCustomerStamp, AddStamp } from "@shared/stamps.schema";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/web/lib/api-client";
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
      apiClient.post<CompanyCard>(
        `/api/customers/${encodeURIComponent(customerId)}/stamps`,
        input,
        { headers: { "Idempotency-Key": key } },
      ),
  });
}

/** A card's add-stamp button on /cartoes (same key on a retry adds nothing). */
export function useStampCard() {
  return useMutation({
    mutationKey: stampMutations.addOnCard,
    mutationFn: ({ cardId, key, input }: { cardId: string; key: string; input: AddStamp }) =>
      apiClient.post<CompanyCard>(`/api/cards/${encodeURIComponent(cardId)}/stamps`, input, {
        headers: { "Idempotency-Key": key },
      }),
  });
}
