import type { DirectoryPage, SpecialPromotion } from "@shared/companies.schema";
import { type PublicCompany, PublicCompanySchema } from "@shared/companies.schema";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiClient } from "@/web/lib/api-client";
import { companyKeys } from "./keys";

/** A company's public card (name, city, sector, logo), or null when the id matches none. */
export const publicCompanyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: companyKeys.public(id),
    queryFn: async ({ signal }): Promise<PublicCompany | null> => {
      try {
        const company = await apiClient.get<unknown>(
          `/api/companies/${encodeURIComponent(id)}/public`,
          { signal },
        );
        return PublicCompanySchema.parse(company);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });

export type DirectoryFilters = { sector: string; state: string; city: string; page: number };

/** The customer's company directory, filtered (empty filter = any). */
export const directoryQueryOptions = (filters: DirectoryFilters) =>
  queryOptions({
    queryKey: [...companyKeys.all, "directory", filters] as const,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(filters.page) });
      for (const key of ["sector", "state", "city"] as const) {
        if (filters[key]) params.set(key, filters[key]);
      }
      return apiClient.get<DirectoryPage>(`/api/directory/companies?${params}`, { signal });
    },
    placeholderData: (previous) => previous,
  });

/** The directory's city filter. */
export const directoryCitiesQueryOptions = () =>
  queryOptions({
    queryKey: [...companyKeys.all, "directory-cities"] as const,
    queryFn: ({ signal }) => apiClient.get<string[]>("/api/directory/cities", { signal }),
    staleTime: 5 * 60_000,
  });

/** Special promotions running today. */
export const specialPromotionsQueryOptions = () =>
  queryOptions({
    queryKey: [...companyKeys.all, "promotions"] as const,
    queryFn: ({ signal }) =>
      apiClient.get<SpecialPromotion[]>("/api/directory/promotions", { signal }),
  });
