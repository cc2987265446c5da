import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { CompanyCard } from "@/shared/cards.schema";
import type { CompanyCustomer } from "@/shared/customers.schema";
import type { Program } from "@/shared/programs.schema";
import type { AddCustomerStamp } from "@/shared/stamps.schema";
import { apiClient } from "@/web/lib/api-client";

export const stampKeys = {
  customers: (search: string) => ["customers", "search", search] as const,
  programs: ["programs"] as const,
};

/** The company's programmes: a customer without an open card in one can get one with a stamp. */
export const stampProgramsQueryOptions = () =>
  queryOptions({
    queryKey: stampKeys.programs,
    queryFn: ({ signal }) => apiClient.get<Program[]>("/api/programs", { signal }),
  });

/** The add-stamp search: the company's active customers by name, e-mail or phone. */
export const customerSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: stampKeys.customers(search),
    queryFn: ({ signal }) =>
      apiClient.get<CompanyCustomer[]>(
        `/api/customers?limit=10&search=${encodeURIComponent(search)}`,
        { signal },
      ),
  });

/** 'Adicionar Carimbo': saved by the server (same key on a retry adds nothing). */
export function useAddStamp() {
  const queryClient = useQueryClient();
  return useMutation({
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
        {
          headers: { "Idempotency-Key": key },
        },
      ),
    onSuccess: () =>
      Promise.all(
        [["customers"], ["cards"], ["programs"], ["dashboard"], ["notifications"]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
