/** Query keys of 'Integrações' (/integracoes, Dono only). */
export const integrationKeys = {
  all: ["integrations"] as const,
  /** The company's API keys, with last use and request count. */
  apiKeys: () => [...integrationKeys.all, "keys"] as const,
  /** The API's access log: the last calls. */
  requests: () => [...integrationKeys.all, "requests"] as const,
  webhooks: () => [...integrationKeys.all, "webhooks"] as const,
  deliveries: (endpointId: string) =>
    [...integrationKeys.all, "webhooks", endpointId, "deliveries"] as const,
  /** What test keys created (the sandbox copy's members and stamps). */
  sandbox: () => [...integrationKeys.all, "sandbox"] as const,
};
