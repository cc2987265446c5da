import type { PasswordConfirmation } from "@shared/privacy.schema";
import type { Appearance, UpdateSystemSettings } from "@shared/settings.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiAnswer, api } from "@/web/lib/api-client";
import { settingsKeys, settingsMutations } from "./keys";

const SECTION_PATHS = {
  "loyalty-rules": "/api/settings/loyalty-rules",
  "counter-rules": "/api/settings/counter-rules",
  "referral-rules": "/api/settings/referral-rules",
  promotion: "/api/settings/promotion",
  notifications: "/api/settings/notifications",
} as const;
type SectionName = keyof typeof SECTION_PATHS;
type Sections = { [N in SectionName]: ApiAnswer<(typeof SECTION_PATHS)[N], "get"> };

// The answer for SECTION_PATHS[name] is Sections[name]: TypeScript cannot follow `name` through
// the path, so the two calls below say it (the types themselves are the document's).
const getSection = (name: SectionName, signal: AbortSignal) =>
  api.get(SECTION_PATHS[name], { signal });
const putSection = (name: SectionName, input: Sections[SectionName]) =>
  api.put(SECTION_PATHS[name], { body: input });

/** One /configuracoes section as the server keeps it. */
export const sectionQueryOptions = <N extends SectionName>(name: N) =>
  queryOptions({
    queryKey: settingsKeys.section(name),
    queryFn: ({ signal }) => getSection(name, signal) as Promise<Sections[N]>,
  });

export function useSaveSection<N extends SectionName>(name: N) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsMutations.saveSection(name),
    mutationFn: (input: Sections[N]) => putSection(name, input) as Promise<Sections[N]>,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.section(name), saved),
  });
}

export const appearanceQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.appearance(),
    queryFn: ({ signal }) => api.get("/api/me/appearance", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSaveAppearance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Appearance) => api.put("/api/me/appearance", { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.appearance(), saved),
  });
}

/** 'Sistema': backup frequency, data retention and the last backup. */
export const systemSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.system(),
    queryFn: ({ signal }) => api.get("/api/settings/system", { signal }),
  });

export function useSaveSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSystemSettings) => api.put("/api/settings/system", { body: input }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.system(), settings),
  });
}

export function useCloseAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsMutations.closeAccount,
    mutationFn: (input: PasswordConfirmation) => api.post("/api/company/closure", { body: input }),
    onSuccess: (closure) => queryClient.setQueryData(settingsKeys.closure(), closure),
  });
}

export function useRestoreAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: settingsMutations.restoreAccount,
    mutationFn: () => api.delete("/api/company/closure"),
    onSuccess: (closure) => queryClient.setQueryData(settingsKeys.closure(), closure),
  });
}

/** 'Pedidos de titulares': the LGPD requests that touched the company, newest first. */
export const privacyRequestsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.privacyRequests(),
    queryFn: ({ signal }) => api.get("/api/privacy-requests", { signal }),
  });
