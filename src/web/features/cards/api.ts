import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  CardSort,
  CardStatus,
  CardSummary,
  CompanyCard,
  CustomerCard,
  RedeemCard,
  Voucher,
} from "@/shared/cards.schema";
import type { ClaimOptions } from "@/shared/claims.schema";
import type { PublicCompany, SpecialPromotion } from "@/shared/companies.schema";
import type { CreateProgram, Program, UpdateProgram } from "@/shared/programs.schema";
import type { AddStamp, Stamp } from "@/shared/stamps.schema";
import { apiClient } from "@/web/lib/api-client";

export const cardKeys = {
  all: ["cards"] as const,
  list: (search: string, sort: CardSort) => [...cardKeys.all, "list", search, sort] as const,
  summary: () => [...cardKeys.all, "summary"] as const,
  details: (id: string) => [...cardKeys.all, "details", id] as const,
  byCode: (code: string) => [...cardKeys.all, "code", code] as const,
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

/** The five newest cards, optionally of one status (the server lists newest first without a sort). */
export const recentCardsQueryOptions = (status?: CardStatus) =>
  queryOptions({
    queryKey: [...cardKeys.all, "recent", status ?? "all"] as const,
    queryFn: ({ signal }) =>
      apiClient.get<CompanyCard[]>(`/api/cards?limit=5${status ? `&status=${status}` : ""}`, {
        signal,
      }),
  });

/** The /cartoes tiles, counted by the server. */
export const cardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: cardKeys.summary(),
    queryFn: ({ signal }) => apiClient.get<CardSummary>("/api/cards/summary", { signal }),
  });

export type CardDetails = CompanyCard & { history: Stamp[] };

/** One card with its stamp history (the details dialog). */
export const cardDetailsQueryOptions = (cardId: string) =>
  queryOptions({
    queryKey: cardKeys.details(cardId),
    queryFn: ({ signal }) =>
      apiClient.get<CardDetails>(`/api/cards/${encodeURIComponent(cardId)}`, { signal }),
  });

/** The card behind a customer's voucher code (the company redeems it from there). */
export const cardByCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: cardKeys.byCode(code),
    queryFn: ({ signal }) =>
      apiClient.get<CompanyCard>(`/api/redemption-codes/${encodeURIComponent(code)}`, { signal }),
    enabled: code.length > 0,
    retry: false,
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
      [cardKeys.all, ["customers"], ["dashboard"], ["notifications"]].map((queryKey) =>
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

/** After a programme changes: the programmes, the 'Templates' tile and the add-stamp choices. */
function useInvalidatePrograms() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [cardKeys.programs, cardKeys.summary(), ["customers"]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useCreateProgram() {
  const invalidate = useInvalidatePrograms();
  return useMutation({
    mutationFn: (input: CreateProgram) => apiClient.post<Program>("/api/programs", input),
    onSuccess: invalidate,
  });
}

/** Edits a programme; cards already open keep their size and reward. */
export function useUpdateProgram() {
  const invalidate = useInvalidatePrograms();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateProgram }) =>
      apiClient.put<Program>(`/api/programs/${encodeURIComponent(id)}`, input),
    onSuccess: invalidate,
  });
}

/** 'archive' | 'restore' | 'default' (the one new members join). */
export type ProgramAction = "archive" | "restore" | "default";

export function useProgramAction() {
  const invalidate = useInvalidatePrograms();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ProgramAction }) =>
      apiClient.post<Program>(`/api/programs/${encodeURIComponent(id)}/${action}`, {}),
    onSuccess: invalidate,
  });
}

/** Staff open a card of another programme for the card's customer. */
export function useOpenCard() {
  const invalidate = useInvalidateCards();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ customerId, programId }: { customerId: string; programId: string }) =>
      apiClient.post<CompanyCard>(`/api/customers/${encodeURIComponent(customerId)}/cards`, {
        programId,
      }),
    onSuccess: () =>
      Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: cardKeys.programs })]),
  });
}

// The customer's side: their cards, a company's page, joining, vouchers.
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
