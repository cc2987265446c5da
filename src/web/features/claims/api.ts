import type { Claim, CreateClaim } from "@shared/claims.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/web/lib/api-client";
import { claimKeys, claimMutations } from "./keys";

/** The signed-in customer's claims, with the company's answer. */
export const myClaimsQueryOptions = () =>
  queryOptions({
    queryKey: claimKeys.mine(),
    queryFn: ({ signal }) => apiClient.get<Claim[]>("/api/me/claims", { signal }),
  });

/** The company's claims waiting for an answer. */
export const pendingClaimsQueryOptions = () =>
  queryOptions({
    queryKey: claimKeys.company("pending"),
    queryFn: ({ signal }) => apiClient.get<Claim[]>("/api/claims?status=pending", { signal }),
    refetchInterval: 30_000,
  });

/** Where the company opens a claim's receipt (served with its real type). */
export const receiptUrl = (claimId: string) => `/api/claims/${encodeURIComponent(claimId)}/receipt`;

function useInvalidateAfterClaim() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: claimKeys.all });
}

export function useClaimStamp(cardId: string) {
  const invalidate = useInvalidateAfterClaim();
  return useMutation({
    mutationKey: claimMutations.claim,
    mutationFn: (input: CreateClaim) =>
      apiClient.post<Claim>(`/api/me/cards/${encodeURIComponent(cardId)}/claims`, input),
    onSuccess: invalidate,
  });
}

export function useUploadReceipt(cardId: string) {
  const invalidate = useInvalidateAfterClaim();
  return useMutation({
    mutationKey: claimMutations.uploadReceipt,
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set("file", file);
      return apiClient.post<Claim>(
        `/api/me/cards/${encodeURIComponent(cardId)}/claims/receipt`,
        form,
      );
    },
    onSuccess: invalidate,
  });
}

export function useApproveClaim() {
  const invalidate = useInvalidateAfterClaim();
  return useMutation({
    mutationKey: claimMutations.approve,
    mutationFn: (claimId: string) =>
      apiClient.post<Claim>(`/api/claims/${encodeURIComponent(claimId)}/approve`, undefined, {
        headers: { "Idempotency-Key": `approve-${claimId}` },
      }),
    onSuccess: invalidate,
  });
}

export function useRejectClaim() {
  const invalidate = useInvalidateAfterClaim();
  return useMutation({
    mutationKey: claimMutations.reject,
    mutationFn: ({ claimId, reason }: { claimId: string; reason: string }) =>
      apiClient.post<Claim>(`/api/claims/${encodeURIComponent(claimId)}/reject`, { reason }),
    onSuccess: invalidate,
  });
}
