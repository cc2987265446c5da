import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AcceptInvitation,
  CreateCustomer,
  CreatedCustomer,
  CustomerCardSummary,
  CustomerDetails,
  CustomerPage,
  CustomerRow,
  CustomerStats,
  Invitation,
  MembershipStatus,
  UpdateCustomerRecord,
} from "@/shared/customers.schema";
import { apiClient } from "@/web/lib/api-client";

export const customerKeys = {
  all: ["customers"] as const,
  directory: (search: string, page: number) =>
    [...customerKeys.all, "directory", search, page] as const,
  stats: () => [...customerKeys.all, "stats"] as const,
  details: (id: string) => [...customerKeys.all, "details", id] as const,
  cards: (id: string) => [...customerKeys.all, "cards", id] as const,
  invitation: (token: string) => ["invitations", token] as const,
};

/** /clientes: one page of customers, searched by the server (name, e-mail or phone). */
export const customerDirectoryQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: customerKeys.directory(search, page),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ pagina: String(page) });
      if (search) params.set("busca", search);
      return apiClient.get<CustomerPage>(`/api/customers/directory?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
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
  return () =>
    Promise.all(
      [customerKeys.all, ["dashboard"], ["cards"]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useCreateCustomer() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: (input: CreateCustomer) => apiClient.post<CreatedCustomer>("/api/customers", input),
    onSuccess: invalidate,
  });
}

export function useSetCustomerStatus() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: MembershipStatus }) =>
      apiClient.post<CustomerRow>(`/api/customers/${encodeURIComponent(id)}/status`, { status }),
    onSuccess: invalidate,
  });
}

export function useUpdateCustomerRecord() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCustomers();
  return useMutation({
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

export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: AcceptInvitation) =>
      apiClient.post<{ email: string }>("/api/invitations/accept", input),
  });
}
