import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { CompanyInvitationSchema } from "@shared/customers.schema";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, IdParamSchema, jsonContent, validationHook } from "../../openapi";
import { listCompanyInvitations } from "./invitations.queries";
import { cancelInvitation, type InvitationDeps, resendInvitation } from "./invitations.service";

const listRoute = createRoute({
  method: "get",
  path: "/customers/invitations",
  tags: ["customers"],
  summary: "/clientes 'Convites pendentes': the company's invitations not accepted yet",
  responses: {
    200: { description: "Invitations", ...jsonContent(z.array(CompanyInvitationSchema)) },
    ...apiErrorResponses,
  },
});

const resendRoute = createRoute({
  method: "post",
  path: "/customers/invitations/{id}/resend",
  tags: ["customers"],
  summary:
    "'Reenviar': a new link and expiry e-mailed again for an invitation still waiting (pending or expired), within the invitations' e-mail limits",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The invitation, renewed", ...jsonContent(CompanyInvitationSchema) },
    ...apiErrorResponses,
  },
});

const cancelRoute = createRoute({
  method: "delete",
  path: "/customers/invitations/{id}",
  tags: ["customers"],
  summary:
    "'Cancelar': withdraws an invitation still waiting (pending or expired); its link stops working",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Cancelled" }, ...apiErrorResponses },
});

/** The company's side of its invitations: the list, 'Reenviar' and 'Cancelar'. */
export function companyInvitationsRoutes(deps: InvitationDeps) {
  const { db } = deps;
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(listRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    return c.json(await listCompanyInvitations(db, actor.companyId), 200);
  });
  app.openapi(resendRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    return c.json(await resendInvitation(deps, actor.companyId, c.req.valid("param").id), 200);
  });
  app.openapi(cancelRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    await cancelInvitation(db, actor.companyId, c.req.valid("param").id);
    return c.body(null, 204);
  });
  return app;
}
