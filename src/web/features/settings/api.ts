import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  Appearance,
  LoyaltyRules,
  NotificationSettings,
  PromotionSettings,
  ReferralRules,
  StoredAppearance,
} from "@/shared/settings.schema";
import { apiClient } from "@/web/lib/api-client";

export const settingsKeys = {
  all: ["settings"] as const,
  section: (name: SectionName) => [...settingsKeys.all, name] as const,
  appearance: () => ["me", "appearance"] as const,
};

type Sections = {
  "loyalty-rules": LoyaltyRules;
  "referral-rules": ReferralRules;
  promotion: PromotionSettings;
  notifications: NotificationSettings;
};
export type SectionName = keyof Sections;

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
