import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { ClaimSchema, CreateClaimSchema, RejectClaimSchema } from "@shared/claims.schema";
import type { Context } from "hono";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { createClaim } from "../../flows/claim-stamp";
import { approveClaim, rejectClaim } from "../../flows/review-claim";
import { requireCompanyActor, requireCustomerActor } from "../../middleware/actor";
import { idempotentRequest, withIdempotency } from "../../middleware/idempotency";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import { enforceRateLimit, type RateLimitRule } from "../../rate-limits";
import { readFile } from "../files/files.service";
import { readUpload } from "../files/upload";
import {
  findReceiptFileId,
  getCompanyClaim,
  listCompanyClaims,
  listCustomerClaims,
} from "./claims.queries";
import { checkClaim } from "./claims.service";

/** Receipt uploads per customer (any card): 10 an hour. */
export const RECEIPT_RATE_LIMIT: RateLimitRule = {
  bucket: "receipt",
  max: 10,
  windowSeconds: 60 * 60,
};

/** Path of the receipt upload, whose body limit is the receipt's, not the API's. */
export const RECEIPT_UPLOAD_PATH = /^\/api\/me\/cards\/[^/]+\/claims\/receipt$/;

const createRouteDef = createRoute({
  method: "post",
  path: "/me/cards/{id}/claims",
  tags: ["claims"],
  summary: "The customer asks for a stamp for a social tag/follow or a Google review",
  request: { params: IdParamSchema, ...jsonBody(CreateClaimSchema) },
  responses: {
    201: { description: "Pending claim", ...jsonContent(ClaimSchema) },
    ...apiErrorResponses,
  },
});

const receiptRoute = createRoute({
  method: "post",
  path: "/me/cards/{id}/claims/receipt",
  tags: ["claims"],
  summary:
    "The customer asks for a stamp by uploading a receipt (JPG, PNG or PDF up to 5 MB; field `file`)",
  request: {
    params: IdParamSchema,
    body: {
      content: {
        // A plain OpenAPI schema, not zod: zod-openapi would read (validate) the whole body before
        // the route's checks; the route reads it itself, last (`readUpload`).
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: { file: { type: "string", format: "binary" } },
            required: ["file"],
          },
        },
      },
      required: true,
    },
  },
  responses: {
    201: { description: "Pending claim", ...jsonContent(ClaimSchema) },
    ...apiErrorResponses,
  },
});

const myClaimsRoute = createRoute({
  method: "get",
  path: "/me/claims",
  tags: ["claims"],
  summary: "The customer's claims, with the company's answer",
  responses: {
    200: { description: "Claims", ...jsonContent(z.array(ClaimSchema)) },
    ...apiErrorResponses,
  },
});

const companyClaimsRoute = createRoute({
  method: "get",
  path: "/claims",
  tags: ["claims"],
  summary: "The company's claims (pending ones by default)",
  request: {
    query: z.object({
      status: z.enum(["pending", "approved", "rejected"]).optional().default("pending"),
    }),
  },
  responses: {
    200: { description: "Claims", ...jsonContent(z.array(ClaimSchema)) },
    ...apiErrorResponses,
  },
});

const approveRoute = createRoute({
  method: "post",
  path: "/claims/{id}/approve",
  tags: ["claims"],
  summary: "Approve a pending claim: it counts on the card (Idempotency-Key accepted)",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "Approved claim", ...jsonContent(ClaimSchema) },
    ...apiErrorResponses,
  },
});

const rejectRoute = createRoute({
  method: "post",
  path: "/claims/{id}/reject",
  tags: ["claims"],
  summary: "Reject a pending claim with a reason the customer sees",
  request: { params: IdParamSchema, ...jsonBody(RejectClaimSchema) },
  responses: {
    200: { description: "Rejected claim", ...jsonContent(ClaimSchema) },
    ...apiErrorResponses,
  },
});

const receiptFileRoute = createRoute({
  method: "get",
  path: "/claims/{id}/receipt",
  tags: ["claims"],
  summary: "The receipt of a claim (the company's, or the customer's own)",
  request: { params: IdParamSchema },
  responses: { 200: { description: "The file" }, ...apiErrorResponses },
});

export function claimsRoutes({ db, appUrl }: { db: Db; appUrl: string }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });

  app.openapi(createRouteDef, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    const id = await createClaim(
      db,
      actor.customerId,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json(await customerClaim(actor.customerId, id), 201);
  });

  app.openapi(receiptRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    const cardId = c.req.valid("param").id;
    // Every attempt counts, before anything is read: a receipt is up to 5 MB of database.
    await enforceRateLimit(
      db,
      `${RECEIPT_RATE_LIMIT.bucket}:${actor.customerId}`,
      RECEIPT_RATE_LIMIT,
    );
    // A claim that would be refused (card complete, one already waiting...) is refused now,
    // before the file is read.
    await checkClaim(db, actor.customerId, cardId, { method: "receipt" });
    const bytes = await readUpload(c, "file");
    if (!bytes) {
      throw new AppError("validation_failed", 400, "Send the receipt in the field `file`", {
        file: "receipt_required",
      });
    }
    const id = await createClaim(db, actor.customerId, cardId, { method: "receipt", bytes });
    return c.json(await customerClaim(actor.customerId, id), 201);
  });

  async function customerClaim(customerId: string, id: string) {
    const claim = (await listCustomerClaims(db, customerId)).find((k) => k.id === id);
    if (!claim) throw new AppError("internal_error", 500, "Claim vanished");
    return claim;
  }

  app.openapi(myClaimsRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await listCustomerClaims(db, actor.customerId), 200);
  });

  app.openapi(companyClaimsRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "claims");
    return c.json(await listCompanyClaims(db, actor.companyId, c.req.valid("query").status), 200);
  });

  app.openapi(approveRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "claims");
    const id = c.req.valid("param").id;
    const answer = await withIdempotency(
      db,
      `approve:${actor.companyId}`,
      idempotentRequest(c),
      async (tx) => {
        await approveClaim(tx, appUrl, actor, id);
        return { status: 200, body: await getCompanyClaim(tx, actor.companyId, id) };
      },
    );
    return c.json(ClaimSchema.parse(answer.body), 200);
  });

  app.openapi(rejectRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "claims");
    return c.json(
      await rejectClaim({ db, appUrl }, actor, c.req.valid("param").id, c.req.valid("json").reason),
      200,
    );
  });

  app.openapi(receiptFileRoute, async (c) => serveReceipt(c, db, c.req.valid("param").id));

  return app;
}

async function serveReceipt(c: Context<{ Variables: SessionVars }>, db: Db, claimId: string) {
  const user = c.var.user;
  if (!user) throw new AppError("unauthenticated", 401, "Sign in first.");
  const scope = await requireCompanyActor(db, user, "claims")
    .then((a) => ({ companyId: a.companyId }))
    .catch(async (error: unknown) => {
      // A team member whose role may not see claims stays refused as such.
      if (error instanceof AppError && error.code === "role_forbidden") throw error;
      return { customerId: (await requireCustomerActor(db, user)).customerId };
    });
  const file = await readFile(db, await findReceiptFileId(db, scope, claimId));
  if (!file) throw new AppError("not_found", 404, "Receipt not found");
  return c.body(new Uint8Array(file.data), 200, {
    "Content-Type": file.contentType,
    "Content-Length": String(file.size),
    "Content-Disposition": `inline; filename="comprovante-${claimId}"`,
    "Cache-Control": "private, max-age=300",
  });
}
