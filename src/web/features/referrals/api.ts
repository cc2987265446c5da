import type { DecideReferral, ReferralState, UseBonus } from "@shared/referrals.schema";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { referralKeys, referralMutations } from "./keys";

/** The customer's personal link at a company, what it gives, their counts and bonus (404: not a member). */
export const myReferralQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: referralKeys.mine(companyId),
    queryFn: ({ signal }) =>
      api.get("/api/me/companies/{id}/referral", { params: { path: { id: companyId } }, signal }),
  });

/**
 * Whether a member's personal link (`indicador`) would credit anyone now: the programme on, the
 * referrer an active member under the monthly cap (public; the sign-up page's referral banner).
 */
export const referralLinkQueryOptions = (companyId: string, referrerId: string) =>
  queryOptions({
    queryKey: referralKeys.link(companyId, referrerId),
    queryFn: ({ signal }) =>
      api.get("/api/companies/{id}/referral-link", {
        params: { path: { id: companyId }, query: { indicador: referrerId } },
        signal,
      }),
    staleTime: 60_000,
  });

/** 'Indicações': one page of the company's referrals (newest first) and how many are held. */
export const companyReferralsQueryOptions = (state: ReferralState | null, page: number) =>
  queryOptions({
    queryKey: referralKeys.list(state, page),
    queryFn: ({ signal }) =>
      api.get("/api/referrals", { params: { query: { page, state: state ?? undefined } }, signal }),
    placeholderData: keepPreviousData,
  });

/** Approve or block a held referral, block a pending one, or credit the referrer by hand. */
export function useDecideReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: referralMutations.decide,
    mutationFn: ({ id, decision }: { id: string } & DecideReferral) =>
      api.post("/api/referrals/{id}/decision", { params: { path: { id } }, body: { decision } }),
    // Settled: a 409 (decided elsewhere meanwhile) also shows the list as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  });
}

/** A member's bonus at the company: balance in cents and the latest entries. */
export const customerBonusQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: referralKeys.bonus(customerId),
    queryFn: ({ signal }) =>
      api.get("/api/customers/{id}/bonus", { params: { path: { id: customerId } }, signal }),
  });

/** 'Usar bônus' at the counter: the answer is the bonus after the use. */
export function useUseBonus(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: referralMutations.useBonus,
    mutationFn: (input: UseBonus) =>
      api.post("/api/customers/{id}/bonus/use", {
        params: { path: { id: customerId } },
        body: input,
      }),
    onSuccess: (bonus) => queryClient.setQueryData(referralKeys.bonus(customerId), bonus),
    // A refused use (bonus_insufficient) means the balance changed elsewhere: show it.
    onError: () => queryClient.invalidateQueries({ queryKey: referralKeys.bonus(customerId) }),
  });
}
