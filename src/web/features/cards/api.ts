import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AddStamp,
  CardSort,
  CompanyCard,
  CreateProgram,
  Program,
  RedeemCard,
} from "@/shared/loyalty.schema";
import { apiClient } from "@/web/lib/api-client";

export const cardKeys = {
  all: ["cards"] as const,
  list: (search: string, sort: CardSort) => [...cardKeys.all, "list", search, sort] as const,
  programs: ["programs"] as const,
};

export const companyCardsQueryOptions = (search: string, sort: CardSort) =>
  queryOptions({
    queryKey: cardKeys.list(search, sort),
    queryFn: ({ signal }) =>
      apiClient.get<CompanyCard[]>(`/api/cards?sort=${sort}&search=${encodeURIComponent(search)}`, {
        signal,
      }),
  });

/** The newest cards (the server lists newest first when no sort is given). */
export const recentCardsQueryOptions = () =>
  queryOptions({
    queryKey: [...cardKeys.all, "recent"] as const,
    queryFn: async ({ signal }) =>
      (await apiClient.get<CompanyCard[]>("/api/cards", { signal })).slice(0, 5),
  });

export const programsQueryOptions = () =>
  queryOptions({
    queryKey: cardKeys.programs,
    queryFn: ({ signal }) => apiClient.get<Program[]>("/api/programs", { signal }),
  });

function useInvalidateCards() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [cardKeys.all, ["customers"], ["dashboard"]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useStampCard() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: ({ cardId, key, input }: { cardId: string; key: string; input: AddStamp }) =>
      apiClient.post<CompanyCard>(`/api/cards/${encodeURIComponent(cardId)}/stamps`, input, {
        headers: { "Idempotency-Key": key },
      }),
    onSuccess: invalidate,
  });
}

export function useRedeemCard() {
  const invalidate = useInvalidateCards();
  return useMutation({
    mutationFn: ({ cardId, input }: { cardId: string; input: RedeemCard }) =>
      apiClient.post<CompanyCard>(`/api/cards/${encodeURIComponent(cardId)}/redeem`, input),
    onSuccess: invalidate,
  });
}

export function useCreateProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProgram) => apiClient.post<Program>("/api/programs", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.programs }),
  });
}
