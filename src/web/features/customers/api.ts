import type { CustomerImport, ImportPreview } from "@shared/customer-imports";
import type {
  AcceptInvitation,
  CreateCustomer,
  InvitationSignUp,
  MembershipStatus,
  UpdateCustomerRecord,
} from "@shared/customers.schema";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, formData } from "@/web/lib/api-client";
import { customerKeys, customerMutations } from "./keys";

/** /clientes: one page of customers, searched by the server (name, e-mail or phone). */
export const customerDirectoryQueryOptions = (search: string, page: number) =>
  queryOptions({
    queryKey: customerKeys.directory(search, page),
    queryFn: ({ signal }) =>
      api.get("/api/customers/directory", {
        params: { query: { page, search: search || undefined } },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The company's active customers by name, e-mail or phone, with their open cards (at most 10). */
export const customerSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: customerKeys.search(search),
    queryFn: ({ signal }) =>
      api.get("/api/customers", { params: { query: { limit: 10, search } }, signal }),
  });

export const customerStatsQueryOptions = () =>
  queryOptions({
    queryKey: customerKeys.stats(),
    queryFn: ({ signal }) => api.get("/api/customers/stats", { signal }),
  });

export const customerDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: customerKeys.details(id),
    queryFn: ({ signal }) => api.get("/api/customers/{id}", { params: { path: { id } }, signal }),
  });

export const customerCardsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: customerKeys.cards(id),
    queryFn: ({ signal }) =>
      api.get("/api/customers/{id}/cards", { params: { path: { id } }, signal }),
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
    mutationFn: (input: CreateCustomer) => api.post("/api/customers", { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.invitations() }),
  });
}

/** /clientes 'Convites pendentes': invitations not accepted yet, with what the company typed. */
export const companyInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: customerKeys.invitations(),
    queryFn: ({ signal }) => api.get("/api/customers/invitations", { signal }),
  });

/** 'Reenviar': a new link and expiry e-mailed again (same daily limits as 'Novo Cliente'). */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post("/api/customers/invitations/{id}/resend", { params: { path: { id } } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.invitations() }),
  });
}

/** 'Cancelar': the invitation is withdrawn; its link stops working. */
export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete("/api/customers/invitations/{id}", { params: { path: { id } } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.invitations() }),
  });
}

export function useSetCustomerStatus() {
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationKey: customerMutations.setStatus,
    mutationFn: ({ id, status }: { id: string; status: MembershipStatus }) =>
      api.post("/api/customers/{id}/status", { params: { path: { id } }, body: { status } }),
    onSuccess: invalidate,
  });
}

export function useUpdateCustomerRecord() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCustomers();
  return useMutation({
    mutationKey: customerMutations.updateRecord,
    mutationFn: ({ id, input }: { id: string; input: UpdateCustomerRecord }) =>
      api.post("/api/customers/{id}/record", { params: { path: { id } }, body: input }),
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
      api.get("/api/invitations/{token}", { params: { path: { token } }, signal }),
    enabled: token.length > 0,
    retry: false,
  });

/** A legacy invitation (account made before consent): sets the password. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: AcceptInvitation) => api.post("/api/invitations/accept", { body: input }),
  });
}

/** /convite without an account: creates it and accepts the invitation in one step. */
export function useInvitationSignUp() {
  return useMutation({
    mutationFn: (input: InvitationSignUp) => api.post("/api/invitations/sign-up", { body: input }),
  });
}

/** /convite: declines by the link, without signing in. */
export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post("/api/invitations/decline", { body: { token } }),
    onSuccess: (_answer, token) =>
      queryClient.invalidateQueries({ queryKey: customerKeys.invitation(token) }),
  });
}

/** /convite?codigo=…: the company and the stamps behind an import's short code (public). */
export const invitationCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: customerKeys.invitationCode(code),
    queryFn: ({ signal }) =>
      api.get("/api/invitations/code/{code}", { params: { path: { code } }, signal }),
    retry: false,
  });

/** Accepts (signed-in customer) or declines a short code's invitation. */
export function useAnswerInvitationCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, accept }: { code: string; accept: boolean }) =>
      api.post(accept ? "/api/invitations/code/accept" : "/api/invitations/code/decline", {
        body: { code },
      }),
    onSettled: (_answer, _error, { code }) =>
      queryClient.invalidateQueries({ queryKey: customerKeys.invitationCode(code) }),
  });
}

/** Invitations waiting for the signed-in customer (their e-mail), one per company. */
export const myInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: customerKeys.mine(),
    queryFn: ({ signal }) => api.get("/api/me/invitations", { signal }),
  });

/** The signed-in customer accepts (membership and card) or declines an invitation. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: customerMutations.answerInvitation,
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      api.post("/api/me/invitations/{id}/{answer}", {
        params: { path: { id, answer: accept ? "accept" : "decline" } },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.mine() }),
  });
}

/** An import still at work: its progress is asked for again every second. */
const importRunning = (status: CustomerImport["status"] | undefined) =>
  status === "queued" || status === "running";

/** /clientes 'Importações': the company's import batches, newest first (polled while one runs). */
export const customerImportsQueryOptions = () =>
  queryOptions({
    queryKey: customerKeys.imports(),
    queryFn: ({ signal }) => api.get("/api/customers/imports", { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((i) => importRunning(i.status)) ? 2_000 : false,
  });

/** One import: its preview (rows with errors, a sample) and, once confirmed, its progress. */
export const customerImportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: customerKeys.import(id),
    queryFn: ({ signal }) =>
      api.get("/api/customers/imports/{id}", { params: { path: { id } }, signal }),
    refetchInterval: (query) => (importRunning(query.state.data?.import.status) ? 1_000 : false),
    // The upload's own answer is kept, not asked again: it names the columns as the file wrote
    // them (a stored import names them by their pt-BR field).
    staleTime: 30_000,
  });

/** A phone-only row's short codes, for the printable list. */
export const importCodesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: customerKeys.importCodes(id),
    queryFn: ({ signal }) =>
      api.get("/api/customers/imports/{id}/codes", { params: { path: { id } }, signal }),
  });

/** The result file (every line of the file: sent, skipped and why), downloaded by the browser. */
export const importResultUrl = (id: string) =>
  `/api/customers/imports/${encodeURIComponent(id)}/result`;

/** 'Importar' step 1: the file is read and checked into a preview; nothing is sent yet. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.post("/api/customers/imports", { body: { file }, bodySerializer: formData }),
    onSuccess: (preview) => {
      queryClient.setQueryData(customerKeys.import(preview.import.id), preview);
      return queryClient.invalidateQueries({ queryKey: customerKeys.imports(), exact: true });
    },
  });
}

/** 'Importar N clientes': the job invites each valid row. */
export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.post("/api/customers/imports/{id}/confirm", { params: { path: { id } } }),
    // The dialog turns to the progress at once (the poll takes it from there).
    onSuccess: (batch, id) =>
      queryClient.setQueryData(customerKeys.import(id), (preview: ImportPreview | undefined) =>
        preview ? { ...preview, import: batch } : preview,
      ),
    onSettled: (_batch, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customerKeys.import(id) }),
        queryClient.invalidateQueries({ queryKey: customerKeys.imports(), exact: true }),
      ]),
  });
}

/** 'Cancelar' on the preview: the preview is thrown away (nothing was sent). */
export function useDeleteImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete("/api/customers/imports/{id}", { params: { path: { id } } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: customerKeys.import(id) });
      return queryClient.invalidateQueries({ queryKey: customerKeys.imports(), exact: true });
    },
  });
}
