import type { CompanyLanding } from "@shared/company-landing";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, type ApiQuery, api } from "@/web/lib/api-client";
import { companyKeys } from "./keys";

/**
 * A company's public card for its sign-up link (name, city, logo, brand colour, programme, running
 * promotion, birthday stamps), or null when the id matches none.
 */
export const publicCompanyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: companyKeys.public(id),
    queryFn: async ({ signal }): Promise<CompanyLanding | null> => {
      // The schema (zod) comes with the answer, not with the customer dashboard's first screen,
      // which imports this file for the directory (decision 043).
      const schema = import("@shared/company-landing").then((m) => m.CompanyLandingSchema);
      try {
        const company = await api.get("/api/companies/{id}/public", {
          params: { path: { id } },
          signal,
        });
        return (await schema).parse(company);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400))
          return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });

export type DirectoryFilters = { sector: string; state: string; city: string; page: number };
type DirectoryQuery = ApiQuery<"/api/directory/companies">;

/** The customer's company directory, filtered (empty filter = any). */
export const directoryQueryOptions = (filters: DirectoryFilters) =>
  queryOptions({
    queryKey: [...companyKeys.all, "directory", filters] as const,
    queryFn: ({ signal }) => {
      // An empty filter is left out; the selects offer only the API's sectors and states.
      const query: DirectoryQuery = {
        page: filters.page,
        sector: (filters.sector || undefined) as DirectoryQuery["sector"],
        state: (filters.state || undefined) as DirectoryQuery["state"],
        city: filters.city || undefined,
      };
      return api.get("/api/directory/companies", { params: { query }, signal });
    },
    placeholderData: (previous) => previous,
  });

/** The directory's city filter. */
export const directoryCitiesQueryOptions = () =>
  queryOptions({
    queryKey: [...companyKeys.all, "directory-cities"] as const,
    queryFn: ({ signal }) => api.get("/api/directory/cities", { signal }),
    staleTime: 5 * 60_000,
  });

/** Special promotions running today. */
export const specialPromotionsQueryOptions = () =>
  queryOptions({
    queryKey: [...companyKeys.all, "promotions"] as const,
    queryFn: ({ signal }) => api.get("/api/directory/promotions", { signal }),
  });
