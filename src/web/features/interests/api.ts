import type { CompanyInterest, CreateInterest, Interest } from "@shared/interests.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/web/lib/api-client";
import { interestKeys } from "./keys";

/** /mensagens 'potential customers': interests of the company's sector and city, newest first. */
export const companyInterestsQueryOptions = () =>
  queryOptions({
    queryKey: interestKeys.company(),
    queryFn: ({ signal }) => apiClient.get<CompanyInterest[]>("/api/interests", { signal }),
  });

/** A customer looks for a kind of business in a city. */
export function useCreateInterest() {
  return useMutation({
    mutationFn: (input: CreateInterest) => apiClient.post<Interest>("/api/me/interests", input),
  });
}

/** A matching company answers a pending interest. */
export function useReplyToInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ interestId, body }: { interestId: string; body: string }) =>
      apiClient.post(`/api/interests/${encodeURIComponent(interestId)}/reply`, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: interestKeys.all }),
  });
}
