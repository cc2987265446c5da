import type { UpdateCompanyData } from "@shared/company-data.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiSchemas, api, formData } from "@/web/lib/api-client";
import { companyDataKeys, companyDataMutations } from "./keys";

/** /dados-empresa and /dados-usuario: the signed-in admin's company. */
export const companyDataQueryOptions = () =>
  queryOptions({
    queryKey: companyDataKeys.all,
    queryFn: ({ signal }) => api.get("/api/company/data", { signal }),
  });

export function useSaveCompanyData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: companyDataMutations.save,
    mutationFn: (input: UpdateCompanyData) => api.put("/api/company/data", { body: input }),
    onSuccess: (data) => queryClient.setQueryData(companyDataKeys.all, data),
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: companyDataMutations.uploadLogo,
    mutationFn: (file: File) =>
      api.post("/api/company/logo", { body: { file }, bodySerializer: formData }),
    onSuccess: ({ logoUrl }) =>
      queryClient.setQueryData<ApiSchemas["CompanyData"]>(companyDataKeys.all, (data) =>
        data ? { ...data, logoUrl } : data,
      ),
  });
}
