import type { SetMarketingConsent } from "@shared/assistant.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiSchemas, api } from "@/web/lib/api-client";
import { assistantKeys, assistantMutations } from "./keys";

/** The customer's consents' query key (under the feature's own keys). */
export const marketingConsentsKey = () => [...assistantKeys.all, "marketing-consents"] as const;

/** 'Comunicações': each company the customer is a member of, with their consent. */
export const marketingConsentsQueryOptions = () =>
  queryOptions({
    queryKey: marketingConsentsKey(),
    queryFn: ({ signal }) => api.get("/api/me/marketing-consents", { signal }),
  });

/** Agrees to (the text in the language shown) or withdraws from one company's campaigns. */
export function useSetMarketingConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: assistantMutations.setMarketingConsent,
    mutationFn: ({ companyId, ...input }: SetMarketingConsent & { companyId: string }) =>
      api.put("/api/me/marketing-consents/{companyId}", {
        params: { path: { companyId } },
        body: input,
      }),
    onSuccess: (entry) =>
      queryClient.setQueryData<ApiSchemas["MarketingConsent"][]>(marketingConsentsKey(), (list) =>
        list?.map((c) => (c.companyId === entry.companyId ? entry : c)),
      ),
  });
}

/** The campaign e-mail's opt-out link (/descadastrar): no sign-in, the token says who. */
export function useOptOut() {
  return useMutation({
    mutationFn: (token: string) => api.post("/api/marketing/opt-out", { body: { token } }),
  });
}
