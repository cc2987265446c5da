import { customerSearchQueryOptions } from "@/web/features/customers/api";
import { programsQueryOptions } from "@/web/features/programs/api";

/**
 * What the dashboard's 'Adicionar Carimbo' reads: the customers feature's search and the
 * programmes, fetched with the dialog on its first click (dashboard-page.tsx).
 */
export const STAMP_SOURCES = {
  customerSearch: customerSearchQueryOptions,
  programs: programsQueryOptions,
};
