import { queryOptions } from "@tanstack/react-query";
import { type PublicCompany, PublicCompanySchema } from "@/shared/me.schema";
import { ApiError, apiClient } from "@/web/lib/api-client";

export const companyKeys = {
  all: ["companies"] as const,
  public: (id: string) => [...companyKeys.all, "public", id] as const,
};

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
