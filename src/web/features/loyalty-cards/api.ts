import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { SpecialPromotion } from "@/shared/directory.schema";
import type { ClaimOptions, CustomerCard, Voucher } from "@/shared/loyalty.schema";
import type { PublicCompany } from "@/shared/me.schema";
import { apiClient } from "@/web/lib/api-client";

export const customerCardKeys = {
  all: ["customer-cards"] as const,
  company: (companyId: string) => [...customerCardKeys.all, "company", companyId] as const,
};

export type CompanyPage = {
  company: PublicCompany;
  cards: CustomerCard[];
  claimOptions: ClaimOptions;
  /** The company's special promotion running today, if any. */
  promotion: SpecialPromotion | null;
};

/** The signed-in customer's cards, newest first. */
export const myCardsQueryOptions = () =>
  queryOptions({
    queryKey: customerCardKeys.all,
    queryFn: ({ signal }) => apiClient.get<CustomerCard[]>("/api/me/cards", { signal }),
  });

/** A company's page for the signed-in customer: the company, their cards there, what they may claim. */
export const companyPageQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: customerCardKeys.company(companyId),
    queryFn: ({ signal }) =>
      apiClient.get<CompanyPage>(`/api/me/companies/${encodeURIComponent(companyId)}`, { signal }),
  });

export function useJoinCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) =>
      apiClient.post<{ joined: boolean; card: CustomerCard }>("/api/memberships", { companyId }),
    onSuccess: () =>
      Promise.all(
        [customerCardKeys.all, ["companies"]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

export function useVoucher() {
  return useMutation({
    mutationFn: (cardId: string) =>
      apiClient.post<Voucher>(`/api/me/cards/${encodeURIComponent(cardId)}/voucher`),
  });
}
