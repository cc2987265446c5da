import type {
  CustomerNotificationList,
  MarkCustomerNotificationsRead,
  MarkNotificationsRead,
  NotificationList,
} from "@shared/notifications.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/web/lib/api-client";
import { notificationKeys } from "./keys";

/** Unread counter polling (spec section 9: 30000 ms). */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** The bell's list and unread count, refreshed every 30 seconds. */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.company(),
    queryFn: ({ signal }) => apiClient.get<NotificationList>("/api/notifications", { signal }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });

/** Marks one, some or all notifications read on the server (kept per user). */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkNotificationsRead) =>
      apiClient.post<NotificationList>("/api/notifications/read", input),
    onSuccess: (list) => queryClient.setQueryData(notificationKeys.company(), list),
  });
}

/** The customer's bell: their notices of the last 30 days, refreshed every 30 seconds. */
export const customerNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.mine(),
    queryFn: ({ signal }) =>
      apiClient.get<CustomerNotificationList>("/api/me/notifications", { signal }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });

/** Marks one, some or all of the customer's notices read on the server. */
export function useMarkCustomerNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkCustomerNotificationsRead) =>
      apiClient.post<CustomerNotificationList>("/api/me/notifications/read", input),
    onSuccess: (list) => queryClient.setQueryData(notificationKeys.mine(), list),
  });
}
