import type { MarketingConsent, OptOutResult, SetMarketingConsent } from "@shared/assistant.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/web/lib/api-client";
import { assistantKeys } from "./keys";

/** The customer's consents' query key (under the feature's own keys). */
export const marketingConsentsKey = () => [...assistantKeys.all, "marketing-consents"] as const;

const PATH = "/api/me/marketing-consents";

/** 'Comunicações': each company the customer is a member of, with their consent. */
export const marketingConsentsQueryOptions = () =>
  queryOptions({
    queryKey: marketingConsentsKey(),
    queryFn: ({ signal }) => apiClient.get<MarketingConsent[]>(PATH, { signal }),
  });

/** Agrees to (the text in the language shown) or withdraws from one company's campaigns. */
export function useSetMarketingConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, ...input }: SetMarketingConsent & { companyId: string }) =>
      apiClient.put<MarketingConsent>(`${PATH}/${encodeURIComponent(companyId)}`, input),
    onSuccess: (entry) =>
      queryClient.setQueryData<MarketingConsent[]>(marketingConsentsKey(), (list) =>
        list?.map((c) => (c.companyId === entry.companyId ? entry : c)),
      ),
  });
}

/** The campaign e-mail's opt-out link (/descadastrar): no sign-in, the token says who. */
export function useOptOut() {
  return useMutation({
    mutationFn: (token: string) =>
      apiClient.post<OptOutResult>("/api/marketing/opt-out", { token }),
  });
}
