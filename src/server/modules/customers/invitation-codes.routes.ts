import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { InvitationCodeInfoSchema } from "@shared/customer-imports";
import { InvitationAnswerSchema } from "@shared/customers.schema";
import type { Db } from "../../db/client";
import { acceptByCode } from "../../flows/accept-invitation";
import { requireCustomerActor } from "../../middleware/actor";
import { rateLimit } from "../../middleware/rate-limit";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonBody, jsonContent, validationHook } from "../../openapi";
import type { RateLimitRule } from "../../rate-limits";
import { declineByCode, findByCode } from "./invitation-codes.service";

/**
 * Every use of a short code, per client IP: far above a person typing their code a few times,
 * far below guessing one of 31^8.
 */
export const INVITATION_CODE_LIMIT: RateLimitRule = {
  bucket: "invitation-code",
  max: 30,
  windowSeconds: 15 * 60,
};

// The code as typed (any case, with or without the dash): checked by the service, so a malformed
// one is the same 404 as an unknown one.
const CodeParamSchema = z.object({ code: z.string().max(20) });
const CodeBodySchema = z.object({ code: z.string().max(20) });

const findRoute = createRoute({
  method: "get",
  path: "/invitations/code/{code}",
  tags: ["customers"],
  summary:
    "A short invitation code (public, limited per IP): the inviting company and the stamps waiting, nothing about the person",
  request: { params: CodeParamSchema },
  responses: {
    200: { description: "The invitation", ...jsonContent(InvitationCodeInfoSchema) },
    ...apiErrorResponses,
  },
});

const acceptRoute = createRoute({
  method: "post",
  path: "/invitations/code/accept",
  tags: ["customers"],
  summary: "The signed-in customer accepts a short code: joins the company with the stamps waiting",
  request: jsonBody(CodeBodySchema),
  responses: {
    200: { description: "Accepted", ...jsonContent(InvitationAnswerSchema) },
    ...apiErrorResponses,
  },
});

const declineRoute = createRoute({
  method: "post",
  path: "/invitations/code/decline",
  tags: ["customers"],
  summary: "Declines a short code's invitation (public, limited per IP); no membership is made",
  request: jsonBody(CodeBodySchema),
  responses: {
    200: { description: "Declined", ...jsonContent(InvitationAnswerSchema) },
    ...apiErrorResponses,
  },
});

/** /convite?codigo=…: an import's short codes. */
export function invitationCodesRoutes({ db, trustProxyHops }: { db: Db; trustProxyHops: number }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.use("/invitations/code/*", rateLimit(db, INVITATION_CODE_LIMIT, trustProxyHops));
  app.openapi(findRoute, async (c) => c.json(await findByCode(db, c.req.valid("param").code), 200));
  app.openapi(acceptRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await acceptByCode(db, actor.customerId, c.req.valid("json").code), 200);
  });
  app.openapi(declineRoute, async (c) =>
    c.json(await declineByCode(db, c.req.valid("json").code), 200),
  );
  return app;
}
