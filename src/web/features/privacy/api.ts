import type {
  AccountDeletion,
  Consents,
  MyPrivacy,
  PasswordConfirmation,
} from "@shared/privacy.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { privacyKeys, privacyMutations } from "./keys";

/** While a download is being prepared, 'Meus dados' asks again this often. */
export const EXPORT_POLL_MS = 3_000;

/** 'Meus dados': who holds the data, the downloads, the pending deletion and the consents. */
export const myPrivacyQueryOptions = () =>
  queryOptions({
    queryKey: privacyKeys.mine(),
    // The schema (and zod) comes with 'Meus dados', not with the customer area's deletion banner,
    // which shares this file (issue 35).
    queryFn: async ({ signal }): Promise<MyPrivacy> => {
      const [{ MyPrivacySchema }, answer] = await Promise.all([
        import("@shared/privacy.schema"),
        api.get("/api/me/privacy", { signal }),
      ]);
      return MyPrivacySchema.parse(answer);
    },
    refetchInterval: (query) =>
      query.state.data?.exports.some((e) => e.state === "pending") ? EXPORT_POLL_MS : false,
  });

/** The ready zip's link: only this account's session opens it (a plain link with `download`). */
export const exportDownloadUrl = (id: string) =>
  `/api/me/privacy/exports/${encodeURIComponent(id)}/download`;

/** 'Baixar meus dados': a job builds the zip (429 `export_limit_reached` past 3 a day). */
export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/me/privacy/exports"),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: privacyKeys.mine() }),
  });
}

/** 'Sair do programa de …' (idempotent): the company leaves 'Quem tem meus dados'. */
export function useLeaveProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: privacyMutations.leave,
    mutationFn: (companyId: string) =>
      api.post("/api/me/privacy/memberships/{companyId}/leave", {
        params: { path: { companyId } },
      }),
    onSuccess: (_answer, companyId) => {
      queryClient.setQueryData<MyPrivacy>(privacyKeys.mine(), (data) =>
        data
          ? {
              ...data,
              holders: data.holders.filter((h) => h.companyId !== companyId),
              consents: {
                ...data.consents,
                marketing: data.consents.marketing.filter((m) => m.companyId !== companyId),
              },
            }
          : data,
      );
      return queryClient.invalidateQueries({ queryKey: privacyKeys.mine() });
    },
  });
}

const withDeletion = (deletion: AccountDeletion | null) => (data: MyPrivacy | undefined) =>
  data ? { ...data, deletion } : data;

/** 'Excluir minha conta', confirmed with the password: the deletion is due in 7 days. */
export function useRequestDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: privacyMutations.requestDeletion,
    mutationFn: (input: PasswordConfirmation): Promise<AccountDeletion> =>
      api.post("/api/me/privacy/deletion", { body: input }),
    onSuccess: (deletion) =>
      queryClient.setQueryData<MyPrivacy>(privacyKeys.mine(), withDeletion(deletion)),
  });
}

/** 'Cancelar exclusão': the account stays. */
export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: privacyMutations.cancelDeletion,
    mutationFn: () => api.delete("/api/me/privacy/deletion"),
    onSuccess: () => queryClient.setQueryData<MyPrivacy>(privacyKeys.mine(), withDeletion(null)),
  });
}

/** A consent's switch: push notices (only off here) or the wallet passes' updates. */
export function useSetConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      enabled,
    }: {
      kind: "push" | "wallet";
      enabled: boolean;
    }): Promise<Consents> => api.put(`/api/me/privacy/consents/${kind}`, { body: { enabled } }),
    onSuccess: (consents) => {
      queryClient.setQueryData<MyPrivacy>(privacyKeys.mine(), (data) =>
        data ? { ...data, consents } : data,
      );
    },
  });
}
