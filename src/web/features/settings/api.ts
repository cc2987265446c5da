import type {
  Appearance,
  LoyaltyRules,
  NotificationSettings,
  PromotionSettings,
  ReferralRules,
  StoredAppearance,
  SystemSettings,
  UpdateSystemSettings,
} from "@shared/settings.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/web/lib/api-client";
import { settingsKeys } from "./keys";

type Sections = {
  "loyalty-rules": LoyaltyRules;
  "referral-rules": ReferralRules;
  promotion: PromotionSettings;
  notifications: NotificationSettings;
};
type SectionName = keyof Sections;

/** One /configuracoes section as the server keeps it. */
export const sectionQueryOptions = <N extends SectionName>(name: N) =>
  queryOptions({
    queryKey: settingsKeys.section(name),
    queryFn: ({ signal }) => apiClient.get<Sections[N]>(`/api/settings/${name}`, { signal }),
  });

export function useSaveSection<N extends SectionName>(name: N) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Sections[N]) => apiClient.put<Sections[N]>(`/api/settings/${name}`, input),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.section(name), saved),
  });
}

export const appearanceQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.appearance(),
    queryFn: ({ signal }) => apiClient.get<StoredAppearance>("/api/me/appearance", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useSaveAppearance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Appearance) => apiClient.put<StoredAppearance>("/api/me/appearance", input),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.appearance(), saved),
  });
}

const SYSTEM_PATH = "/api/settings/system";

/** 'Sistema': backup frequency, data retention and the last backup. */
export const systemSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.system(),
    queryFn: ({ signal }) => apiClient.get<SystemSettings>(SYSTEM_PATH, { signal }),
  });

export function useSaveSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSystemSettings) => apiClient.put<SystemSettings>(SYSTEM_PATH, input),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.system(), settings),
  });
}
