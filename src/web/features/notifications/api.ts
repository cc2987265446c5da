import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MarkNotificationsRead, NotificationList } from "@/shared/notifications.schema";
import { apiClient } from "@/web/lib/api-client";
import { notificationKeys } from "./keys";

/** Unread counter polling (spec section 9: 30000 ms). */
export const NOTIFICATIONS_POLL_MS = 30_000;

/** The bell's list and unread count, refreshed every 30 seconds. */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => apiClient.get<NotificationList>("/api/notifications", { signal }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });

/** Marks one, some or all notifications read on the server (kept per user). */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkNotificationsRead) =>
      apiClient.post<NotificationList>("/api/notifications/read", input),
    onSuccess: (list) => queryClient.setQueryData(notificationKeys.all, list),
  });
}
