import type { CardSort, CardStatus, RedeemCard } from "@shared/cards.schema";
import type { Language } from "@shared/languages";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { cardKeys, cardMutations, customerCardKeys } from "./keys";

export const companyCardsQueryOptions = (search: string, sort: CardSort) =>
  queryOptions({
    queryKey: cardKeys.list(search, sort),
    queryFn: ({ signal }) => api.get("/api/cards", { params: { query: { sort, search } }, signal }),
  });

/** The five newest cards, optionally of one status (the server lists newest first without a sort). */
export const recentCardsQueryOptions = (status?: CardStatus) =>
  queryOptions({
    queryKey: cardKeys.recent(status),
    queryFn: ({ signal }) =>
      api.get("/api/cards", { params: { query: { limit: 5, status } }, signal }),
  });

/** The /cartoes tiles, counted by the server. */
export const cardSummaryQueryOptions = () =>
  queryOptions({
    queryKey: cardKeys.summary(),
    queryFn: ({ signal }) => api.get("/api/cards/summary", { signal }),
  });

/** One card with its stamp history (the details dialog). */
export const cardDetailsQueryOptions = (cardId: string) =>
  queryOptions({
    queryKey: cardKeys.details(cardId),
    queryFn: ({ signal }) =>
      api.get("/api/cards/{id}", { params: { path: { id: cardId } }, signal }),
  });

/** 'Ver Detalhes': the customer's latest stamps and redemptions, with who did each. */
export const customerActivityQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: cardKeys.activity(customerId),
    queryFn: ({ signal }) =>
      api.get("/api/customers/{id}/activity", { params: { path: { id: customerId } }, signal }),
  });

/** The card behind a customer's voucher code (the company redeems it from there). */
export const cardByCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: cardKeys.byCode(code),
    queryFn: ({ signal }) =>
      api.get("/api/redemption-codes/{code}", { params: { path: { code } }, signal }),
    enabled: code.length > 0,
    retry: false,
  });

export function useRedeemCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cardMutations.redeem,
    mutationFn: ({ cardId, input }: { cardId: string; input: RedeemCard }) =>
      api.post("/api/cards/{id}/redeem", { params: { path: { id: cardId } }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}

/** Staff open a card of another programme for the card's customer. */
export function useOpenCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cardMutations.open,
    mutationFn: ({ customerId, programId }: { customerId: string; programId: string }) =>
      api.post("/api/customers/{id}/cards", {
        params: { path: { id: customerId } },
        body: { programId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardKeys.all }),
  });
}

// The customer's side: their cards, a company's page, joining, vouchers.

/** The signed-in customer's cards, newest first. */
export const myCardsQueryOptions = () =>
  queryOptions({
    queryKey: customerCardKeys.all,
    queryFn: ({ signal }) => api.get("/api/me/cards", { signal }),
  });

/** A company's page for the signed-in customer: the company, their cards there, what they may claim. */
export const companyPageQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: customerCardKeys.company(companyId),
    queryFn: ({ signal }) =>
      api.get("/api/me/companies/{id}", { params: { path: { id: companyId } }, signal }),
  });

/** Who sent the customer to the company: a member's personal link or a partner's link. */
type JoinInput = {
  companyId: string;
  /** The member's link's `indicador`: a referral when the customer is new to the company. */
  referrerId?: string | null;
  /** The partner's link's `parceria` (`<partner>_<company>`): the partnership origin. */
  partnership?: string | null;
  /** The ticked 'Quero receber promoções…' box, and the language of the text shown. */
  marketingConsent?: boolean;
  language?: Language;
};

/** The signed-in customer joins a company: its id, or with the link that sent them. */
export function useJoinCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cardMutations.join,
    mutationFn: (input: string | JoinInput) => {
      const { companyId, referrerId, partnership, marketingConsent, language }: JoinInput =
        typeof input === "string" ? { companyId: input } : input;
      return api.post("/api/memberships", {
        body: {
          companyId,
          ...(referrerId ? { referrerId } : {}),
          ...(partnership ? { partnership } : {}),
          ...(marketingConsent ? { marketingConsent, language } : {}),
        },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerCardKeys.all }),
  });
}

/**
 * The card's 'Adicionar ao Google Wallet' link (its pass as it is with `stamps`); an error (404
 * wallet_off: Google Wallet is off) is not retried and shows no button.
 */
export const googleWalletQueryOptions = (cardId: string, stamps: number) =>
  queryOptions({
    queryKey: [...customerCardKeys.all, "google-wallet", cardId, stamps] as const,
    queryFn: ({ signal }) =>
      api.get("/api/me/cards/{id}/google-wallet", { params: { path: { id: cardId } }, signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });

/**
 * Where the card's 'Adicionar à Apple Wallet' downloads its pass; an error (404 wallet_off: Apple
 * Wallet is off) is not retried and shows no button.
 */
export const appleWalletQueryOptions = (cardId: string) =>
  queryOptions({
    queryKey: [...customerCardKeys.all, "apple-wallet", cardId] as const,
    queryFn: ({ signal }) =>
      api.get("/api/me/cards/{id}/apple-wallet/link", { params: { path: { id: cardId } }, signal }),
    retry: false,
    staleTime: 5 * 60_000,
  });

export function useVoucher() {
  return useMutation({
    mutationFn: (cardId: string) =>
      api.post("/api/me/cards/{id}/voucher", { params: { path: { id: cardId } } }),
  });
}
