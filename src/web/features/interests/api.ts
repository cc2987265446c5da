import type { CreateInterest } from "@shared/interests.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { interestKeys } from "./keys";

/** /mensagens 'potential customers': interests of the company's sector and city, newest first. */
export const companyInterestsQueryOptions = () =>
  queryOptions({
    queryKey: interestKeys.company(),
    queryFn: ({ signal }) => api.get("/api/interests", { signal }),
  });

/** A customer looks for a kind of business in a city. */
export function useCreateInterest() {
  return useMutation({
    mutationFn: (input: CreateInterest) => api.post("/api/me/interests", { body: input }),
  });
}

/** A matching company answers a pending interest. */
export function useReplyToInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ interestId, body }: { interestId: string; body: string }) =>
      api.post("/api/interests/{id}/reply", {
        params: { path: { id: interestId } },
        body: { body },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: interestKeys.all }),
  });
}
