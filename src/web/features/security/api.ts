import type {
  AccessLog,
  ChangePassword,
  ConfirmTwoFactor,
  PasswordConfirmation,
  SecurityStatus,
  TwoFactorEnrolment,
} from "@shared/security.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/web/lib/api-client";
import { securityKeys } from "./keys";

/** Whether 2FA is on for the signed-in user. */
export const securityStatusQueryOptions = () =>
  queryOptions({
    queryKey: securityKeys.status,
    queryFn: ({ signal }) => apiClient.get<SecurityStatus>("/api/security", { signal }),
  });

/** The user's last 20 sign-in attempts, newest first. */
export const accessLogQueryOptions = () =>
  queryOptions({
    queryKey: securityKeys.accessLog,
    queryFn: ({ signal }) => apiClient.get<AccessLog>("/api/security/access-log", { signal }),
  });

/** Changes the password; the server signs out every other session and renews this one. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePassword) =>
      apiClient.post<{ ok: true }>("/api/security/password", input),
  });
}

/** Starts the enrolment: QR code URI, manual key and the backup codes (shown once). */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (input: PasswordConfirmation) =>
      apiClient.post<TwoFactorEnrolment>("/api/security/two-factor", input),
  });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmTwoFactor) =>
      apiClient.post<SecurityStatus>("/api/security/two-factor/confirm", input),
    onSuccess: (status) => queryClient.setQueryData(securityKeys.status, status),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordConfirmation) =>
      apiClient.post<SecurityStatus>("/api/security/two-factor/disable", input),
    onSuccess: (status) => queryClient.setQueryData(securityKeys.status, status),
  });
}
