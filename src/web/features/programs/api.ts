import type { CreateProgram, UpdateProgram } from "@shared/programs.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { programKeys, programMutations } from "./keys";

/** The company's programmes ('Templates'), archived ones included. */
export const programsQueryOptions = () =>
  queryOptions({
    queryKey: programKeys.list(),
    queryFn: ({ signal }) => api.get("/api/programs", { signal }),
  });

function useInvalidatePrograms() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: programKeys.all });
}

export function useCreateProgram() {
  const invalidate = useInvalidatePrograms();
  return useMutation({
    mutationKey: programMutations.create,
    mutationFn: (input: CreateProgram) => api.post("/api/programs", { body: input }),
    onSuccess: invalidate,
  });
}

/** Edits a programme; cards already open keep their size and reward. */
export function useUpdateProgram() {
  const invalidate = useInvalidatePrograms();
  return useMutation({
    mutationKey: programMutations.update,
    mutationFn: ({ id, input }: { id: string; input: UpdateProgram }) =>
      api.put("/api/programs/{id}", { params: { path: { id } }, body: input }),
    onSuccess: invalidate,
  });
}

/** 'archive' | 'restore' | 'default' (the one new members join). */
export type ProgramAction = "archive" | "restore" | "default";

const ACTION_PATHS = {
  archive: "/api/programs/{id}/archive",
  restore: "/api/programs/{id}/restore",
  default: "/api/programs/{id}/default",
} as const;

export function useProgramAction() {
  const invalidate = useInvalidatePrograms();
  return useMutation({
    mutationKey: programMutations.action,
    mutationFn: ({ id, action }: { id: string; action: ProgramAction }) =>
      api.post(ACTION_PATHS[action], { params: { path: { id } } }),
    onSuccess: invalidate,
  });
}
