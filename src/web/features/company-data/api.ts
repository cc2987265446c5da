import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  CompanyData,
  LogoUploadResult,
  UpdateCompanyData,
  UpdateUserData,
} from "@/shared/company-data.schema";
import { apiClient } from "@/web/lib/api-client";

export const companyDataKeys = {
  all: ["company-data"] as const,
};

/** /dados-empresa and /dados-usuario: the signed-in admin's company. */
export const companyDataQueryOptions = () =>
  queryOptions({
    queryKey: companyDataKeys.all,
    queryFn: ({ signal }) => apiClient.get<CompanyData>("/api/company/data", { signal }),
  });

/**
 * What shows the company's name or logo elsewhere: the panel (the signed-in `me`) and the
 * customer-side company queries, refreshed at once after a change.
 */
function useRefreshCompany() {
  const queryClient = useQueryClient();
  return (data?: CompanyData) => {
    if (data) queryClient.setQueryData(companyDataKeys.all, data);
    return Promise.all(
      [["me"], ["companies"], ["customer-cards"]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  };
}

export function useSaveCompanyData() {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (input: UpdateCompanyData) =>
      apiClient.put<CompanyData>("/api/company/data", input),
    onSuccess: (data) => refresh(data),
  });
}

export function useSaveUserData() {
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (input: UpdateUserData) =>
      apiClient.put<CompanyData>("/api/company/user-data", input),
    onSuccess: (data) => refresh(data),
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  const refresh = useRefreshCompany();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set("file", file);
      return apiClient.post<LogoUploadResult>("/api/company/logo", form);
    },
    onSuccess: ({ logoUrl }) => {
      queryClient.setQueryData<CompanyData>(companyDataKeys.all, (data) =>
        data ? { ...data, logoUrl } : data,
      );
      return refresh();
    },
  });
}
