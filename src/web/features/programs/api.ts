import type { CreateProgram, Program, UpdateProgram } from "@shared/programs.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/web/lib/api-client";
import { programKeys, programMutations } from "./keys";

/** The company's programmes ('Templates'), archived ones included. */
export const programsQueryOptions = () =>
  queryOptions({
    queryKey: programKeys.list(),
    queryFn: ({ signal }) => apiClient.get<Program[]>("/api/programs", { signal }),
  });

function useInvalidatePrograms() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: programKeys.all });
}

export function useCreateProgram() {
  const invalidate = useInvalidatePrograms();
  return useMutation({
    mutationKey: programMutations.create,
    mutationFn: (input: CreateProgram) => apiClient.post<Program>("/api/programs", input),
    onSuccess: invalidate,
  });
}

/** Edits a programme; cards already open keep their size and reward. */
export function useUpdateProgram() {
  const invalidate = useInvalidatePrograms();
  return useMutation({
    mutationKey: programMutations.update,
    mutationFn: ({ id, input }: { id: string; input: UpdateProgram }) =>
      apiClient.put<Program>(`/api/programs/${encodeURIComponent(id)}`, input),
    onSuccess: invalidate,
  });
}

/** 'archive' | 'restore' | 'default' (the one new members join). */
export type ProgramAction = "archive" | "restore" | "default";

export function useProgramAction() {
  const invalidate = useInvalidatePrograms();
  return useMutation({
    mutationKey: programMutations.action,
    mutationFn: ({ id, action }: { id: string; action: ProgramAction }) =>
      apiClient.post<Program>(`/api/programs/${encodeURIComponent(id)}/${action}`, {}),
    onSuccess: invalidate,
  });
}
