import type { CreateClaim } from "@shared/claims.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, formData } from "@/web/lib/api-client";
import { claimKeys, claimMutations } from "./keys";

/** The signed-in customer's claims, with the company's answer. */
export const myClaimsQueryOptions = () =>
  queryOptions({
    queryKey: claimKeys.mine(),
    queryFn: ({ signal }) => api.get("/api/me/claims", { signal }),
  });

/** The company's claims waiting for an answer. */
export const pendingClaimsQueryOptions = () =>
  queryOptions({
    queryKey: claimKeys.company("pending"),
    queryFn: ({ signal }) =>
      api.get("/api/claims", { params: { query: { status: "pending" } }, signal }),
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
      api.post("/api/me/cards/{id}/claims", { params: { path: { id: cardId } }, body: input }),
    onSuccess: invalidate,
  });
}

export function useUploadReceipt(cardId: string) {
  const invalidate = useInvalidateAfterClaim();
  return useMutation({
    mutationKey: claimMutations.uploadReceipt,
    mutationFn: (file: File) =>
      api.post("/api/me/cards/{id}/claims/receipt", {
        params: { path: { id: cardId } },
        body: { file },
        bodySerializer: formData,
      }),
    onSuccess: invalidate,
  });
}

export function useApproveClaim() {
  const invalidate = useInvalidateAfterClaim();
  return useMutation({
    mutationKey: claimMutations.approve,
    mutationFn: (claimId: string) =>
      api.post("/api/claims/{id}/approve", {
        params: { path: { id: claimId } },
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
      api.post("/api/claims/{id}/reject", { params: { path: { id: claimId } }, body: { reason } }),
    onSuccess: invalidate,
  });
}
