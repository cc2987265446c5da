import type {
  MarkCustomerNotificationsRead,
  MarkNotificationsRead,
} from "@shared/notifications.schema";
import type { CustomerEmailSettings } from "@shared/settings.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { notificationKeys } from "./keys";

/** Unread counter polling (spec section 9: 30000 ms). */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** The bell's list and unread count, refreshed every 30 seconds. */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.company(),
    queryFn: ({ signal }) => api.get("/api/notifications", { signal }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });

/** Marks one, some or all notifications read on the server (kept per user). */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkNotificationsRead) =>
      api.post("/api/notifications/read", { body: input }),
    onSuccess: (list) => queryClient.setQueryData(notificationKeys.company(), list),
  });
}

/** The customer's bell: their notices of the last 30 days, refreshed every 30 seconds. */
export const customerNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.mine(),
    queryFn: ({ signal }) => api.get("/api/me/notifications", { signal }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });

/** Marks one, some or all of the customer's notices read on the server. */
export function useMarkCustomerNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkCustomerNotificationsRead) =>
      api.post("/api/me/notifications/read", { body: input }),
    onSuccess: (list) => queryClient.setQueryData(notificationKeys.mine(), list),
  });
}

/** The customer's 'Avisos por e-mail' switches. */
export const customerEmailSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.emailSettings(),
    queryFn: ({ signal }) => api.get("/api/me/email-settings", { signal }),
  });

/** Saves the customer's e-mail switches (all three at once). */
export function useSaveCustomerEmailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerEmailSettings) =>
      api.put("/api/me/email-settings", { body: input }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.emailSettings(), saved),
  });
}
