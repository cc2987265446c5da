import { z } from "zod";

/**
 * Integrations ('Integrações', /integracoes, Dono only): API keys for a till or another system,
 * the public API `/api/v1` they call, and signed webhooks the company's systems receive.
 */

/** What a key may do; each public route names the one it needs (403 `scope_required`). */
export const API_KEY_SCOPES = [
  "members:read",
  "members:write",
  "stamps:write",
  "rewards:write",
  "webhooks:manage",
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** `live` keys act on the company; `test` keys on its sandbox copy (own members and stamps). */
export const API_KEY_MODES = ["live", "test"] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

/** A key's secret starts with this, then the mode: `cb_live_…`, `cb_test_…`. */
export const API_KEY_PREFIX = "cb_";

/** Requests a minute per key (429 `rate_limited` with `Retry-After` past it). */
export const API_KEY_RATE_LIMIT_PER_MINUTE = 600;
/** A rotated key's old secret keeps working this long when asked ('manter a antiga por 24 h'). */
export const API_KEY_ROTATION_GRACE_HOURS = 24;
export const API_KEY_NAME_MAX = 60;
/** Keys a company may hold (revoked ones not counted). */
export const API_KEYS_MAX = 20;

/** The events a webhook endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  "member.joined",
  "stamp.added",
  "card.completed",
  "reward.redeemed",
  "claim.decided",
  "referral.qualified",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;

/** The largest purchase the API and the panel take: R$ 100.000,00. */
export const PURCHASE_AMOUNT_MAX_CENTS = 10_000_000;
export const EXTERNAL_SALE_ID_MAX = 100;

const scopesField = z
  .array(z.enum(API_KEY_SCOPES, "scope_invalid"), "scopes_required")
  .min(1, "scopes_required")
  .max(API_KEY_SCOPES.length, "scopes_required")
  .refine((scopes) => new Set(scopes).size === scopes.length, "scopes_required");

/** 'Criar chave'. */
export const CreateApiKeySchema = z.object({
  name: z
    .string("name_required")
    .trim()
    .min(1, "name_required")
    .max(API_KEY_NAME_MAX, "name_too_long"),
  scopes: scopesField,
  mode: z.enum(API_KEY_MODES, "mode_invalid"),
});
export type CreateApiKey = z.infer<typeof CreateApiKeySchema>;

/** 'Girar chave': a new secret; the old one ends now, or in 24 hours when `keepOld`. */
export const RotateApiKeySchema = z.object({ keepOld: z.boolean().default(false) });
export type RotateApiKey = z.infer<typeof RotateApiKeySchema>;

/** A key as the panel lists it (never its secret: only a hint of it). */
export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    mode: z.enum(API_KEY_MODES),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    /** `cb_live_AbC1…wXyZ`: enough to tell keys apart. */
    hint: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    requestCount: z.number().int(),
    /** Revoked (or rotated without grace): refused with 401 from then on. */
    revokedAt: z.string().nullable(),
    /** A rotated key kept for a while: refused after this. */
    expiresAt: z.string().nullable(),
  })
  .meta({ id: "ApiKey" });
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** A key just created or rotated: its secret, shown this once. */
export const CreatedApiKeySchema = z
  .object({ key: ApiKeySchema, secret: z.string() })
  .meta({ id: "CreatedApiKey" });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

/** One call of the public API, in the company's access log. */
export const ApiRequestLogSchema = z
  .object({
    id: z.string(),
    keyId: z.string().nullable(),
    keyName: z.string(),
    mode: z.enum(API_KEY_MODES),
    method: z.string(),
    path: z.string(),
    status: z.number().int(),
    durationMs: z.number().int(),
    ipAddress: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "ApiRequestLog" });
export type ApiRequestLog = z.infer<typeof ApiRequestLogSchema>;

/** 'Adicionar endpoint': an HTTPS address (any in development) and the events it wants. */
export const CreateWebhookEndpointSchema = z.object({
  url: z
    .string("webhook_url_invalid")
    .trim()
    .min(1, "webhook_url_invalid")
    .max(WEBHOOK_URL_MAX, "webhook_url_invalid")
    .url("webhook_url_invalid"),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, "webhook_events_required"), "webhook_events_required")
    .min(1, "webhook_events_required")
    .max(WEBHOOK_EVENTS.length, "webhook_events_required"),
  mode: z.enum(API_KEY_MODES, "mode_invalid").default("live"),
  description: z.string().trim().max(200, "description_too_long").optional(),
});
export type CreateWebhookEndpoint = z.input<typeof CreateWebhookEndpointSchema>;

/** Editing an endpoint: its events, on or off (turning it on again clears the failures). */
export const UpdateWebhookEndpointSchema = z.object({
  events: CreateWebhookEndpointSchema.shape.events.optional(),
  enabled: z.boolean().optional(),
  description: CreateWebhookEndpointSchema.shape.description,
});
export type UpdateWebhookEndpoint = z.infer<typeof UpdateWebhookEndpointSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

export const WebhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string().nullable(),
    mode: z.enum(API_KEY_MODES),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    /** Why it was turned off (null: by hand or not off): `failing` after a day of failures. */
    disabledReason: z.string().nullable(),
    /** The signing secret (`whsec_…`), for the company's own verification. */
    secret: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpointInfo = z.infer<typeof WebhookEndpointSchema>;

/** One delivery of an event to an endpoint (the delivery log). */
export const WebhookDeliverySchema = z
  .object({
    id: z.string(),
    endpointId: z.string(),
    eventId: z.string(),
    eventType: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    /** The endpoint's last answer (null: none, e.g. a timeout). */
    responseStatus: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    /** The start of the answer's body, or what went wrong (timeout, refused address). */
    responseExcerpt: z.string().nullable(),
    createdAt: z.string(),
    lastAttemptAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/**
 * What the company's test keys made in its sandbox ('Dados de teste', shown apart from the live
 * data): its members with their cards, and the latest 20 stamps. `exists` false: no test key yet,
 * or just emptied (the next test call makes a new sandbox).
 */
export const SandboxDataSchema = z
  .object({
    exists: z.boolean(),
    members: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        cards: z.array(
          z.object({
            id: z.string(),
            programName: z.string(),
            stamps: z.number().int(),
            maxStamps: z.number().int(),
            status: z.enum(["active", "complete", "redeemed"]),
          }),
        ),
      }),
    ),
    stamps: z.array(
      z.object({
        id: z.string(),
        memberName: z.string(),
        count: z.number().int(),
        amountCents: z.number().int().nullable(),
        externalSaleId: z.string().nullable(),
        /** The test key that gave it (null: the key was deleted, or not the API). */
        keyName: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
  })
  .meta({ id: "SandboxData" });
export type SandboxData = z.infer<typeof SandboxDataSchema>;
