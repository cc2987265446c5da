import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { CompanyCardSchema, cardForRole } from "@shared/cards.schema";
import { isShortCode } from "@shared/counter";
import { type OfflineCounterStamp, OfflineCounterStampSchema } from "@shared/counter.schema";
import {
  OFFLINE_STAMP_FUTURE_SKEW_MS,
  OFFLINE_STAMP_MAX_AGE_MS,
  OFFLINE_STAMP_SCAN_BEFORE_MS,
} from "@shared/counter-offline";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { giveStamp } from "../../flows/give-stamp";
import { type CompanyActor, requireCompanyActor } from "../../middleware/actor";
import { idempotentRequest } from "../../middleware/idempotency";
import type { SessionVars } from "../../middleware/session";
import {
  ApiErrorSchema,
  apiErrorResponses,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import { enforceRateLimit } from "../../rate-limits";
import { isActiveMember } from "../customers/memberships.queries";
import { findMemberByShortCode } from "./counter.queries";
import { COUNTER_LOOKUP_LIMIT, notMember, shortCodeOf } from "./counter.routes";

/**
 * The offline counter's sync (issue 32, item 5): a stamp `/balcao` gave while the connection was
 * down, queued in the browser with its Idempotency-Key and sent when it is back, by the page or
 * by the service worker's Background Sync. The code is resolved as the lookup does, a QR code
 * checked at the moment it was scanned; the stamp goes through the give-stamp flow with the time
 * it was given, so the interval, the daily cap and the reports see it then. The same key again
 * answers the first answer: a sync retried after a lost answer stamps once.
 */
const offlineStampRoute = createRoute({
  method: "post",
  path: "/counter/stamps",
  tags: ["counter"],
  summary:
    "A stamp the counter gave offline, sent later with its Idempotency-Key (required): the customer by code (a QR code checked at `scannedAt`) or id, stamped on their open card in `programId` (default programme) at `givenAt` (up to 2 min ahead, clamped to now; older than 72 h: 422 counter_stamp_too_old), the interval and daily cap checked then (409 stamp_too_soon, stamp_daily_cap), 404 customer_not_member, 410/400 counter_code_expired",
  request: { ...jsonBody(OfflineCounterStampSchema) },
  responses: {
    201: { description: "The card after the stamp", ...jsonContent(CompanyCardSchema) },
    ...apiErrorResponses,
    410: {
      description: "counter_code_expired: the QR code was out of its window when scanned",
      ...jsonContent(ApiErrorSchema),
    },
  },
});

/** `givenAt` within its bounds (ahead by clock skew: now), or 422. */
function givenMoment(body: OfflineCounterStamp, now: number): Date {
  const givenAt = Date.parse(body.givenAt);
  if (givenAt > now + OFFLINE_STAMP_FUTURE_SKEW_MS) {
    throw new AppError("counter_stamp_in_future", 422, "The stamp's time is in the future.", {
      givenAt: "counter_stamp_given_at_invalid",
    });
  }
  if (givenAt < now - OFFLINE_STAMP_MAX_AGE_MS) {
    throw new AppError("counter_stamp_too_old", 422, "This stamp was queued too long ago.");
  }
  return new Date(Math.min(givenAt, now));
}

/**
 * The customer the stamp is for: a code (typed, or a QR code checked at `scannedAt`, which must
 * be shortly before the stamp was given, not after it) or the customer the counter had found
 * before the drop; an active member of the actor's company, else 404.
 */
async function customerOf(
  db: Db,
  authSecret: string,
  actor: CompanyActor,
  body: OfflineCounterStamp,
  givenAt: Date,
): Promise<string> {
  if (body.customerId !== undefined) {
    if (!(await isActiveMember(db, actor.companyId, body.customerId))) throw notMember();
    return body.customerId;
  }
  const scannedAt = body.scannedAt ? Date.parse(body.scannedAt) : givenAt.getTime();
  const given = givenAt.getTime();
  if (
    scannedAt > given + OFFLINE_STAMP_FUTURE_SKEW_MS ||
    scannedAt < given - OFFLINE_STAMP_SCAN_BEFORE_MS
  ) {
    throw new AppError("counter_code_expired", 410, "This QR code was not scanned for this stamp.");
  }
  const shortCode = shortCodeOf(authSecret, body.code ?? "", Math.min(scannedAt, Date.now()));
  const customerId = isShortCode(shortCode)
    ? await findMemberByShortCode(db, actor.companyId, shortCode)
    : null;
  if (!customerId) throw notMember();
  return customerId;
}

/** The offline counter's sync route, for every role of the team (permission `counter`). */
export function counterStampsRoutes(deps: { db: Db; appUrl: string; authSecret: string }) {
  const { db, authSecret } = deps;
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(offlineStampRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "counter");
    const body = c.req.valid("json");
    const request = idempotentRequest(c, body);
    // A queued stamp without its key could be stamped twice by a retried sync: refused.
    if (request.key === undefined) {
      throw new AppError("validation_failed", 400, "Idempotency-Key required", {
        idempotencyKey: "idempotency_key_invalid",
      });
    }
    // A code is a look-up: counted as one, so short codes cannot be enumerated through here.
    await enforceRateLimit(
      db,
      `${COUNTER_LOOKUP_LIMIT.bucket}:${actor.userId}`,
      COUNTER_LOOKUP_LIMIT,
    );
    const givenAt = givenMoment(body, Date.now());
    const customerId = await customerOf(db, authSecret, actor, body, givenAt);
    const { code: _code, customerId: _id, givenAt: _at, scannedAt: _scan, ...input } = body;
    const target = { customerId, input };
    const card = await giveStamp(deps, actor, target, request, { givenAt });
    return c.json(cardForRole(card, actor.role), 201);
  });

  return app;
}
