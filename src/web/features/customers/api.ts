import type {
  AcceptInvitation,
  CompanyCustomer,
  CompanyInvitation,
  CreateCustomer,
  CreatedInvitation,
  CustomerCardSummary,
  CustomerDetails,
  CustomerPage,
  CustomerRow,
  CustomerStats,
  Invitation,
  InvitationAnswer,
  InvitationSignUp,
  MembershipStatus,
  MyInvitation,
  UpdateCustomerRecord,
} from "@shared/customers.schema";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/web/lib/api-client";
import { customerKeys, customerMutations } from "./keys";

/** /clientes: one page of customers, searched by the server (name, e-mail or phone). */
export const customerDirectoryQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: customerKeys.directory(search, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (search) params.set("search", search);
      return apiClient.get<CustomerPage>(`/api/customers/directory?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
  });

/** The company's active customers by name, e-mail or phone, with their open cards (at most 10). */
export const customerSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: customerKeys.search(search),
    queryFn: ({ signal }) =>
      apiClient.get<CompanyCustomer[]>(
        `/api/customers?limit=10&search=${encodeURIComponent(search)}`,
        { signal },
      ),
  });

export const customerStatsQueryOptions = () =>
  queryOptions({
    queryKey: customerKeys.stats(),
    queryFn: ({ signal }) => apiClient.get<CustomerStats>("/api/customers/stats", { signal }),
  });

export const customerDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: customerKeys.details(id),
    queryFn: ({ signal }) =>
      apiClient.get<CustomerDetails>(`/api/customers/${encodeURIComponent(id)}`, { signal }),
  });

export const customerCardsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: customerKeys.cards(id),
    queryFn: ({ signal }) =>
      apiClient.get<CustomerCardSummary[]>(`/api/customers/${encodeURIComponent(id)}/cards`, {
        signal,
      }),
  });

/** 'Exportar CSV': the browser downloads it straight from the server (a streamed file). */
export const CUSTOMERS_EXPORT_URL = "/api/customers/export";

function useInvalidateCustomers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: customerKeys.all });
}

/** 'Novo Cliente': an invitation; the person joins the base only by accepting it. */
export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCustomer) =>
      apiClient.post<CreatedInvitation>("/api/customers", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.invitations() }),
  });
}

/** /clientes 'Convites pendentes': invitations not accepted yet, with what the company typed. */
export const companyInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: customerKeys.invitations(),
    queryFn: ({ signal }) =>
      apiClient.get<CompanyInvitation[]>("/api/customers/invitations", { signal }),
  });

export function useSetCustomerStatus() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationKey: customerMutations.setStatus,
    mutationFn: ({ id, status }: { id: string; status: MembershipStatus }) =>
      apiClient.post<CustomerRow>(`/api/customers/${encodeURIComponent(id)}/status`, { status }),
    onSuccess: invalidate,
  });
}

export function useUpdateCustomerRecord() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationKey: customerMutations.updateRecord,
    mutationFn: ({ id, input }: { id: string; input: UpdateCustomerRecord }) =>
      apiClient.post<CustomerDetails>(`/api/customers/${encodeURIComponent(id)}/record`, input),
    onSuccess: (details) => {
      queryClient.setQueryData(customerKeys.details(details.id), details);
      return invalidate();
    },
  });
}

/** The invitation behind an e-mailed link (public page). */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: customerKeys.invitation(token),
    queryFn: ({ signal }) =>
      apiClient.get<Invitation>(`/api/invitations/${encodeURIComponent(token)}`, { signal }),
    enabled: token.length > 0,
    retry: false,
  });

/** A legacy invitation (account made before consent): sets the password. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: AcceptInvitation) =>
      apiClient.post<{ email: string }>("/api/invitations/accept", input),
  });
}

/** /convite without an account: creates it and accepts the invitation in one step. */
export function useInvitationSignUp() {
  return useMutation({
    mutationFn: (input: InvitationSignUp) =>
      apiClient.post<{ email: string }>("/api/invitations/sign-up", input),
  });
}

/** /convite: declines by the link, without signing in. */
export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiClient.post<InvitationAnswer>("/api/invitations/decline", { token }),
    onSuccess: (_answer, token) =>
      queryClient.invalidateQueries({ queryKey: customerKeys.invitation(token) }),
  });
}

/** Invitations waiting for the signed-in customer (their e-mail), one per company. */
export const myInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: customerKeys.mine(),
    queryFn: ({ signal }) => apiClient.get<MyInvitation[]>("/api/me/invitations", { signal }),
  });

/** The signed-in customer accepts (membership and card) or declines an invitation. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: customerMutations.answerInvitation,
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      apiClient.post<InvitationAnswer>(
        `/api/me/invitations/${encodeURIComponent(id)}/${accept ? "accept" : "decline"}`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.mine() }),
  });
}
