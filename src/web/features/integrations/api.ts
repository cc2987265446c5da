import type {
  CreateApiKey,
  CreateWebhookEndpoint,
  UpdateWebhookEndpoint,
} from "@shared/integrations.schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { integrationKeys } from "./keys";

const byId = (id: string) => ({ params: { path: { id } } });

/** The company's API keys, newest first. */
export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.apiKeys(),
    queryFn: ({ signal }) => api.get("/api/integrations/keys", { signal }),
  });

/** 'Registro de acesso': the last calls of the public API, with the key's name. */
export const apiRequestsQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.requests(),
    queryFn: ({ signal }) => api.get("/api/integrations/requests", { signal }),
  });

function useInvalidateIntegrations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.all });
}

/** 'Criar chave': the answer holds the secret, shown this once. */
export function useCreateApiKey() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: (input: CreateApiKey) => api.post("/api/integrations/keys", { body: input }),
    onSuccess: invalidate,
  });
}

/** 'Revogar': refused (401) from now on. */
export function useRevokeApiKey() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: (id: string) =>
      api.post("/api/integrations/keys/{id}/revoke", { params: { path: { id } } }),
    onSettled: invalidate,
  });
}

/** 'Girar': a new secret (shown once); the old one ends now or in 24 hours. */
export function useRotateApiKey() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: ({ id, keepOld }: { id: string; keepOld: boolean }) =>
      api.post("/api/integrations/keys/{id}/rotate", {
        params: { path: { id } },
        body: { keepOld },
      }),
    onSettled: invalidate,
  });
}

/** The webhook endpoints, with their signing secrets. */
export const webhooksQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.webhooks(),
    queryFn: ({ signal }) => api.get("/api/integrations/webhooks", { signal }),
  });

/** An endpoint's delivery log, newest first; refreshed while a delivery is pending. */
export const webhookDeliveriesQueryOptions = (endpointId: string) =>
  queryOptions({
    queryKey: integrationKeys.deliveries(endpointId),
    queryFn: ({ signal }) =>
      api.get("/api/integrations/webhooks/{id}/deliveries", { ...byId(endpointId), signal }),
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === "pending") ? 3000 : false,
  });

export function useAddWebhook() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: (input: CreateWebhookEndpoint) =>
      api.post("/api/integrations/webhooks", { body: input }),
    onSuccess: invalidate,
  });
}

/** On or off, or its events. */
export function useUpdateWebhook() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateWebhookEndpoint }) =>
      api.patch("/api/integrations/webhooks/{id}", { ...byId(id), body: input }),
    onSettled: invalidate,
  });
}

export function useDeleteWebhook() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/integrations/webhooks/{id}", byId(id)),
    onSettled: invalidate,
  });
}

/** 'Girar segredo': the next deliveries are signed with a new secret. */
export function useRotateWebhookSecret() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: (id: string) => api.post("/api/integrations/webhooks/{id}/rotate-secret", byId(id)),
    onSettled: invalidate,
  });
}

/** 'Enviar evento de teste': a delivery of a test event, in the log. */
export function useSendTestEvent() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: (id: string) => api.post("/api/integrations/webhooks/{id}/test", byId(id)),
    onSettled: invalidate,
  });
}

/** 'Reenviar': the delivery sent again. */
export function useResendDelivery() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: (id: string) =>
      api.post("/api/integrations/webhook-deliveries/{id}/resend", byId(id)),
    onSettled: invalidate,
  });
}

/** What test keys created (shown apart from the live data). */
export const sandboxQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.sandbox(),
    queryFn: ({ signal }) => api.get("/api/integrations/sandbox", { signal }),
  });

/** 'Apagar dados de teste'. */
export function useClearSandbox() {
  const invalidate = useInvalidateIntegrations();
  return useMutation({
    mutationFn: () => api.delete("/api/integrations/sandbox"),
    onSettled: invalidate,
  });
}
