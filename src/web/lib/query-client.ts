import {
  hashKey,
  type Mutation,
  MutationCache,
  type MutationKey,
  QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import { ApiError } from "./api-client";

/**
 * Data of other features that a feature's mutation changes. Each feature's hooks refresh only its
 * own queries (features do not import each other); the app lists the rest in one table
 * (`src/web/invalidations.ts`), by the mutations' `mutationKey`.
 */
export type CrossFeatureInvalidation = {
  after: readonly MutationKey[];
  invalidate: readonly QueryKey[];
  /** Also after a failure (for hooks that refresh their own data `onSettled`). */
  settled?: boolean;
};

/**
 * The app's query client. After a mutation named in `invalidations`, the queries it lists are
 * refetched before the mutation counts as done (as a hook's own `onSuccess` does), so the next
 * screen shows fresh figures.
 */
export function createQueryClient(invalidations: readonly CrossFeatureInvalidation[] = []) {
  const byMutation = new Map<string, CrossFeatureInvalidation[]>();
  for (const rule of invalidations) {
    for (const key of rule.after) {
      const hash = hashKey(key);
      byMutation.set(hash, [...(byMutation.get(hash) ?? []), rule]);
    }
  }

  const refresh = (mutation: Mutation<unknown, unknown, unknown>, settled: boolean) => {
    const key = mutation.options.mutationKey;
    const rules = key ? (byMutation.get(hashKey(key)) ?? []) : [];
    return Promise.all(
      rules
        .filter((rule) => (rule.settled ?? false) === settled)
        .flatMap((rule) => rule.invalidate)
        .map((queryKey) => client.invalidateQueries({ queryKey })),
    );
  };

  const client = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => refresh(mutation, false),
      onSettled: (_data, _error, _variables, _context, mutation) => refresh(mutation, true),
    }),
    defaultOptions: {
      queries: {
        // One retry (spec section 7), and none for answers that will not change (4xx).
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}
