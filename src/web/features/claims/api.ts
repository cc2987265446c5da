import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Claim, CreateClaim } from "@/shared/claims.schema";
import { apiClient } from "@/web/lib/api-client";

export const claimKeys = {
  all: ["claims"] as const,
  mine: () => [...claimKeys.all, "mine"] as const,
  company: (status: Claim["status"]) => [...claimKeys.all, "company", status] as const,
};

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

/** Everything a claim changes: claims, cards and the dashboard figures. */
function useInvalidateAfterClaim() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [
        claimKeys.all,
        ["cards"],
        ["customer-cards"],
        ["dashboard"],
        ["customers"],
        ["notifications"],
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useClaimStamp(cardId: string) {
  const invalidate = useInvalidateAfterClaim();
  return useMutation({
    mutationFn: (input: CreateClaim) =>
      apiClient.post<Claim>(`/api/me/cards/${encodeURIComponent(cardId)}/claims`, input),
    onSuccess: invalidate,
  });
}

export function useUploadReceipt(cardId: string) {
  const invalidate = useInvalidateAfterClaim();
  return useMutation({
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
    mutationFn: ({ claimId, reason }: { claimId: string; reason: string }) =>
      apiClient.post<Claim>(`/api/claims/${encodeURIComponent(claimId)}/reject`, { reason }),
    onSuccess: invalidate,
  });
}
