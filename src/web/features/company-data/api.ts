import type {
  CompanyData,
  LogoUploadResult,
  UpdateCompanyData,
  UpdateUserData,
} from "@shared/company-data.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/web/lib/api-client";
import { companyDataKeys, companyDataMutations } from "./keys";

/** /dados-empresa and /dados-usuario: the signed-in admin's company. */
export const companyDataQueryOptions = () =>
  queryOptions({
    queryKey: companyDataKeys.all,
    queryFn: ({ signal }) => apiClient.get<CompanyData>("/api/company/data", { signal }),
  });

export function useSaveCompanyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: companyDataMutations.save,
    mutationFn: (input: UpdateCompanyData) =>
      apiClient.put<CompanyData>("/api/company/data", input),
    onSuccess: (data) => queryClient.setQueryData(companyDataKeys.all, data),
  });
}

export function useSaveUserData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: companyDataMutations.saveUserData,
    mutationFn: (input: UpdateUserData) =>
      apiClient.put<CompanyData>("/api/company/user-data", input),
    onSuccess: (data) => queryClient.setQueryData(companyDataKeys.all, data),
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: companyDataMutations.uploadLogo,
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set("file", file);
      return apiClient.post<LogoUploadResult>("/api/company/logo", form);
    },
    onSuccess: ({ logoUrl }) =>
      queryClient.setQueryData<CompanyData>(companyDataKeys.all, (data) =>
        data ? { ...data, logoUrl } : data,
      ),
  });
}
