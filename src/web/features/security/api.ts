import type {
  ChangePassword,
  ConfirmTwoFactor,
  PasswordConfirmation,
} from "@shared/security.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { securityKeys } from "./keys";

/** Whether 2FA is on for the signed-in user. */
export const securityStatusQueryOptions = () =>
  queryOptions({
    queryKey: securityKeys.status,
    queryFn: ({ signal }) => api.get("/api/security", { signal }),
  });

/** The user's last 20 sign-in attempts, newest first. */
export const accessLogQueryOptions = () =>
  queryOptions({
    queryKey: securityKeys.accessLog,
    queryFn: ({ signal }) => api.get("/api/security/access-log", { signal }),
  });

/** Changes the password; the server signs out every other session and renews this one. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePassword) => api.post("/api/security/password", { body: input }),
  });
}

/** Starts the enrolment: QR code URI, manual key and the backup codes (shown once). */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (input: PasswordConfirmation) =>
      api.post("/api/security/two-factor", { body: input }),
  });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmTwoFactor) =>
      api.post("/api/security/two-factor/confirm", { body: input }),
    onSuccess: (status) => queryClient.setQueryData(securityKeys.status, status),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordConfirmation) =>
      api.post("/api/security/two-factor/disable", { body: input }),
    onSuccess: (status) => queryClient.setQueryData(securityKeys.status, status),
  });
}
