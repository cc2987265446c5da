/**
 * The PassKit web service (Apple's 'Adding a Web Service to Update Passes'), at
 * /api/passkit/v1 (the pass's webServiceURL is /api/passkit): a device registers for a pass's
 * updates, asks which of its passes changed since a tag after a push, fetches the latest pass, and
 * unregisters when the pass is removed. It authenticates with the pass's token
 * (`Authorization: ApplePass <authenticationToken>`), never with a session. Answers: 401 a wrong
 * or missing token (another customer's serial included), 404 an unknown pass type or serial, and
 * every route 404 while Apple Wallet is off.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  PasskitLogSchema,
  PasskitRegistrationSchema,
  PasskitSerialsSchema,
} from "@shared/wallet.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { latestApplePass, requireAppleWallet } from "../../flows/apple-wallet-pass";
import { log } from "../../lib/log";
import { rateLimit } from "../../middleware/rate-limit";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import type { RateLimitRule } from "../../rate-limits";
import { PKPASS_CONTENT_TYPE } from "./apple-wallet";
import {
  authenticatePass,
  registerDevice,
  serialsUpdatedSince,
  unregisterDevice,
} from "./passkit.service";

/** Devices call on their own (after a push, at most a few times a card): far above that. */
const PASSKIT_LIMIT: RateLimitRule = { bucket: "passkit", max: 600, windowSeconds: 15 * 60 };

/** Path segments as Apple sends them (hex device ids, reverse-DNS pass types, UUID serials). */
const segment = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._-]+$/, "invalid");

const DeviceParams = z.object({
  deviceLibraryIdentifier: segment,
  passTypeIdentifier: segment,
});
const RegistrationParams = DeviceParams.extend({ serialNumber: segment });
const PassParams = z.object({ passTypeIdentifier: segment, serialNumber: segment });
const AuthHeader = z.object({
  authorization: z.string().max(300).optional().openapi({ example: "ApplePass <token>" }),
});

const empty = (description: string) => ({ description });

const registrationPath =
  "/passkit/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}";

const registerRoute = createRoute({
  method: "post",
  path: registrationPath,
  tags: ["wallet"],
  summary:
    "PassKit: registers a device for a pass's updates (its APNs push token). 201 new, 200 already registered, 401 wrong token, 404 unknown pass type or serial",
  request: {
    params: RegistrationParams,
    headers: AuthHeader,
    ...jsonBody(PasskitRegistrationSchema),
  },
  responses: {
    200: empty("Already registered (push token refreshed)"),
    201: empty("Registered"),
    ...apiErrorResponses,
  },
});

const unregisterRoute = createRoute({
  method: "delete",
  path: registrationPath,
  tags: ["wallet"],
  summary: "PassKit: unregisters a device from a pass's updates (the pass removed from Wallet)",
  request: { params: RegistrationParams, headers: AuthHeader },
  responses: { 200: empty("Unregistered"), ...apiErrorResponses },
});

const serialsRoute = createRoute({
  method: "get",
  path: "/passkit/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}",
  tags: ["wallet"],
  summary:
    "PassKit: the serial numbers of the device's passes updated since the tag (all without one); 204 when none",
  request: {
    params: DeviceParams,
    query: z.object({ passesUpdatedSince: z.string().max(40).optional() }),
  },
  responses: {
    200: { description: "Passes updated", ...jsonContent(PasskitSerialsSchema) },
    204: empty("No pass updated"),
    ...apiErrorResponses,
  },
});

const passRoute = createRoute({
  method: "get",
  path: "/passkit/v1/passes/{passTypeIdentifier}/{serialNumber}",
  tags: ["wallet"],
  summary:
    "PassKit: the latest version of a pass (Last-Modified; 304 when not modified since If-Modified-Since)",
  request: {
    params: PassParams,
    headers: AuthHeader.extend({ "if-modified-since": z.string().max(100).optional() }),
  },
  responses: {
    200: {
      description: "The pass",
      content: { [PKPASS_CONTENT_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
    },
    304: empty("Not modified"),
    ...apiErrorResponses,
  },
});

const logRoute = createRoute({
  method: "post",
  path: "/passkit/v1/log",
  tags: ["wallet"],
  summary: "PassKit: the device's messages about this web service (written to the server's log)",
  request: { ...jsonBody(PasskitLogSchema) },
  responses: { 200: empty("Logged"), ...apiErrorResponses },
});

const noBody = (status: 200 | 201 | 204 | 304, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers }) as never;

/** The configuration, and a 404 for a pass type that is not this app's. */
function passTypeChecked(passTypeIdentifier: string) {
  const config = requireAppleWallet();
  if (passTypeIdentifier !== config.passTypeId) {
    throw new AppError("not_found", 404, "Unknown pass type");
  }
  return config;
}

export function passkitRoutes({
  db,
  appUrl,
  trustProxyHops,
}: {
  db: Db;
  appUrl: string;
  trustProxyHops: number;
}) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.use("/passkit/*", rateLimit(db, PASSKIT_LIMIT, trustProxyHops));

  /** The pass of the serial when the token is its own: 404 no such pass, 401 a wrong token. */
  const authenticated = async (serialNumber: string, authorization: string | undefined) => {
    const pass = await authenticatePass(db, serialNumber, authorization);
    if (pass === "unknown") throw new AppError("not_found", 404, "Unknown serial number");
    if (pass === "unauthorized") {
      throw new AppError("unauthenticated", 401, "Wrong authentication token");
    }
    return pass;
  };

  app.openapi(registerRoute, async (c) => {
    const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = c.req.valid("param");
    passTypeChecked(passTypeIdentifier);
    await authenticated(serialNumber, c.req.header("authorization"));
    const { pushToken } = c.req.valid("json");
    const result = await registerDevice(db, deviceLibraryIdentifier, serialNumber, pushToken);
    return noBody(result === "created" ? 201 : 200);
  });

  app.openapi(unregisterRoute, async (c) => {
    const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = c.req.valid("param");
    passTypeChecked(passTypeIdentifier);
    await authenticated(serialNumber, c.req.header("authorization"));
    await unregisterDevice(db, deviceLibraryIdentifier, serialNumber);
    return noBody(200);
  });

  app.openapi(serialsRoute, async (c) => {
    const { deviceLibraryIdentifier, passTypeIdentifier } = c.req.valid("param");
    passTypeChecked(passTypeIdentifier);
    const { passesUpdatedSince } = c.req.valid("query");
    const updated = await serialsUpdatedSince(db, deviceLibraryIdentifier, passesUpdatedSince);
    if (!updated) return noBody(204);
    return c.json(updated, 200);
  });

  app.openapi(passRoute, async (c) => {
    const { passTypeIdentifier, serialNumber } = c.req.valid("param");
    const config = passTypeChecked(passTypeIdentifier);
    const pass = await authenticated(serialNumber, c.req.header("authorization"));
    const seconds = Math.floor(pass.updatedAt.getTime() / 1000);
    const lastModified = new Date(seconds * 1000).toUTCString();
    const since = Date.parse(c.req.header("if-modified-since") ?? "");
    if (!Number.isNaN(since) && seconds <= Math.floor(since / 1000)) {
      return noBody(304, { "Last-Modified": lastModified });
    }
    const bytes = await latestApplePass(db, config, appUrl, pass.cardId, pass.authenticationToken);
    if (!bytes) throw new AppError("not_found", 404, "Unknown serial number");
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: {
        "Content-Type": PKPASS_CONTENT_TYPE,
        "Content-Length": String(bytes.length),
        "Last-Modified": lastModified,
        "Cache-Control": "no-cache",
      },
    }) as never;
  });

  app.openapi(logRoute, async (c) => {
    requireAppleWallet();
    for (const line of c.req.valid("json").logs) log.warn(`PassKit: ${line}`);
    return noBody(200);
  });

  return app;
}
