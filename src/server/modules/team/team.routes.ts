import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import {
  CreateStaffInvitationSchema,
  LocationSchema,
  SaveLocationSchema,
  StaffInvitationAcceptedSchema,
  StaffInvitationDetailsSchema,
  StaffInvitationSchema,
  StaffInvitationSignUpSchema,
  StaffInvitationTokenBodySchema,
  StaffInvitationTokenSchema,
  TeamActivityQuerySchema,
  TeamActivitySchema,
  TeamMemberSchema,
  TeamSchema,
  UpdateTeamMemberSchema,
} from "@shared/team.schema";
import type { Auth } from "../../auth";
import { AppError } from "../../errors";
import { acceptStaffInvitation, signUpStaff } from "../../flows/accept-staff-invitation";
import { removeTeamMember } from "../../flows/remove-team-member";
import { requireCompanyActor } from "../../middleware/actor";
import { clientIp, headersWithClientIp } from "../../middleware/client-ip";
import { requireUser, type SessionVars } from "../../middleware/session";
import {
  ApiErrorSchema,
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import { listLocations, listTeam, staffInvitationDetails, teamActivity } from "./team.queries";
import {
  cancelStaffInvitation,
  createLocation,
  deleteLocation,
  inviteStaff,
  resendStaffInvitation,
  type TeamDeps,
  updateLocation,
  updateMember,
  usableInvitation,
} from "./team.service";

const tags = ["team"];
const invalidLink = {
  410: {
    description: "staff_invitation_invalid: the link was used, cancelled or has expired",
    ...jsonContent(ApiErrorSchema),
  },
};

const teamRoute = createRoute({
  method: "get",
  path: "/team",
  tags,
  summary: "/equipe: the members, the invitations still open and the shops (owner only)",
  responses: { 200: { description: "The team", ...jsonContent(TeamSchema) }, ...apiErrorResponses },
});

const inviteRoute = createRoute({
  method: "post",
  path: "/team/invitations",
  tags,
  summary:
    "'Convidar': e-mails a link to join the team with a role (20 a day per company: 429 team_invitations_limited); the same answer for every e-mail not in this team",
  request: jsonBody(CreateStaffInvitationSchema),
  responses: {
    201: { description: "The invitation", ...jsonContent(StaffInvitationSchema) },
    ...apiErrorResponses,
  },
});

const resendRoute = createRoute({
  method: "post",
  path: "/team/invitations/{id}/resend",
  tags,
  summary: "'Reenviar': a new link and expiry e-mailed again (counted in the daily limit)",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The invitation, renewed", ...jsonContent(StaffInvitationSchema) },
    ...apiErrorResponses,
  },
});

const cancelRoute = createRoute({
  method: "delete",
  path: "/team/invitations/{id}",
  tags,
  summary: "'Cancelar': the invitation's link stops working",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Cancelled" }, ...apiErrorResponses },
});

const byTokenRoute = createRoute({
  method: "get",
  path: "/team/invitations/by-token/{token}",
  tags,
  summary:
    "/equipe/convite (public, to the link's holder): the company, the role, the e-mail and whether to create a password or sign in",
  request: { params: z.object({ token: StaffInvitationTokenSchema }) },
  responses: {
    200: { description: "The invitation", ...jsonContent(StaffInvitationDetailsSchema) },
    ...apiErrorResponses,
    ...invalidLink,
  },
});

const signUpRoute = createRoute({
  method: "post",
  path: "/team/invitations/sign-up",
  tags,
  summary:
    "/equipe/convite without an account: creates it (name, password; the invitation's e-mail, verified), joins the team and signs in (sets the session cookie)",
  request: jsonBody(StaffInvitationSignUpSchema),
  responses: {
    200: { description: "Member, signed in", ...jsonContent(StaffInvitationAcceptedSchema) },
    ...apiErrorResponses,
    ...invalidLink,
  },
});

const acceptRoute = createRoute({
  method: "post",
  path: "/team/invitations/accept",
  tags,
  summary:
    "The signed-in account of the invited e-mail joins the team (403 another e-mail, 409 staff_email_is_customer / already_in_team)",
  request: jsonBody(StaffInvitationTokenBodySchema),
  responses: {
    200: { description: "Member", ...jsonContent(StaffInvitationAcceptedSchema) },
    ...apiErrorResponses,
    ...invalidLink,
  },
});

const updateMemberRoute = createRoute({
  method: "patch",
  path: "/team/members/{id}",
  tags,
  summary:
    "A member's role or shop; the role counts from their next request (409 last_owner for the last owner's demotion)",
  request: { params: IdParamSchema, ...jsonBody(UpdateTeamMemberSchema) },
  responses: {
    200: { description: "The member", ...jsonContent(TeamMemberSchema) },
    ...apiErrorResponses,
  },
});

const removeMemberRoute = createRoute({
  method: "delete",
  path: "/team/members/{id}",
  tags,
  summary:
    "'Remover': out of the team, every session of theirs ended at once (409 last_owner for the last owner)",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Removed" }, ...apiErrorResponses },
});

const listLocationsRoute = createRoute({
  method: "get",
  path: "/team/locations",
  tags,
  summary: "The company's shops ('Unidades')",
  responses: {
    200: { description: "Shops", ...jsonContent(z.array(LocationSchema)) },
    ...apiErrorResponses,
  },
});

const createLocationRoute = createRoute({
  method: "post",
  path: "/team/locations",
  tags,
  summary: "A new shop: name and optional address",
  request: jsonBody(SaveLocationSchema),
  responses: {
    201: { description: "The shop", ...jsonContent(LocationSchema) },
    ...apiErrorResponses,
  },
});

const updateLocationRoute = createRoute({
  method: "patch",
  path: "/team/locations/{id}",
  tags,
  summary: "A shop's name and address",
  request: { params: IdParamSchema, ...jsonBody(SaveLocationSchema) },
  responses: {
    200: { description: "The shop", ...jsonContent(LocationSchema) },
    ...apiErrorResponses,
  },
});

const deleteLocationRoute = createRoute({
  method: "delete",
  path: "/team/locations/{id}",
  tags,
  summary: "A shop deleted; its members and invitations are tied to none",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, ...apiErrorResponses },
});

const activityRoute = createRoute({
  method: "get",
  path: "/team/activity",
  tags,
  summary:
    "The activity list: stamps given and cards redeemed per member per São Paulo day, today's flagged past 3× the member's daily average",
  request: { query: TeamActivityQuerySchema },
  responses: {
    200: { description: "Activity", ...jsonContent(TeamActivitySchema) },
    ...apiErrorResponses,
  },
});

/** /api/team: the owner's team (members, invitations, shops, activity) and the invitee's side. */
export function teamRoutes(deps: TeamDeps & { auth: Auth; trustProxyHops: number }) {
  const { db, auth } = deps;
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  const owner = (user: SessionVars["user"]) => requireCompanyActor(db, user, "team");

  app.openapi(teamRoute, async (c) => {
    const actor = await owner(c.var.user);
    return c.json(await listTeam(db, actor.companyId), 200);
  });
  app.openapi(activityRoute, async (c) => {
    const actor = await owner(c.var.user);
    return c.json(await teamActivity(db, actor.companyId, c.req.valid("query").days), 200);
  });

  // The invitee's side (fixed paths before /team/invitations/{id}).
  app.openapi(byTokenRoute, async (c) => {
    const invitation = await usableInvitation(db, c.req.valid("param").token);
    return c.json(await staffInvitationDetails(db, invitation), 200);
  });
  app.openapi(signUpRoute, async (c) => {
    const input = c.req.valid("json");
    const { email, ...accepted } = await signUpStaff(deps, input);
    // Signed in as the sign-in route does: better-auth's session, its cookie forwarded.
    const res = await auth.api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: headersWithClientIp(c.req.raw.headers, clientIp(c, deps.trustProxyHops)),
      asResponse: true,
    });
    if (!res.ok) throw new AppError("internal_error", 500, `Sign-in failed (${res.status})`);
    for (const cookie of res.headers.getSetCookie()) {
      c.header("Set-Cookie", cookie, { append: true });
    }
    return c.json(accepted, 200);
  });
  app.openapi(acceptRoute, async (c) => {
    const user = requireUser(c.var.user);
    return c.json(await acceptStaffInvitation(db, user, c.req.valid("json").token), 200);
  });

  app.openapi(inviteRoute, async (c) => {
    const actor = await owner(c.var.user);
    return c.json(await inviteStaff(deps, actor, c.req.valid("json")), 201);
  });
  app.openapi(resendRoute, async (c) => {
    const actor = await owner(c.var.user);
    return c.json(await resendStaffInvitation(deps, actor, c.req.valid("param").id), 200);
  });
  app.openapi(cancelRoute, async (c) => {
    const actor = await owner(c.var.user);
    await cancelStaffInvitation(db, actor.companyId, c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(updateMemberRoute, async (c) => {
    const actor = await owner(c.var.user);
    const { id } = c.req.valid("param");
    return c.json(await updateMember(db, actor.companyId, id, c.req.valid("json")), 200);
  });
  app.openapi(removeMemberRoute, async (c) => {
    const actor = await owner(c.var.user);
    await removeTeamMember(db, actor.companyId, c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(listLocationsRoute, async (c) => {
    const actor = await owner(c.var.user);
    return c.json(await listLocations(db, actor.companyId), 200);
  });
  app.openapi(createLocationRoute, async (c) => {
    const actor = await owner(c.var.user);
    return c.json(await createLocation(db, actor.companyId, c.req.valid("json")), 201);
  });
  app.openapi(updateLocationRoute, async (c) => {
    const actor = await owner(c.var.user);
    const { id } = c.req.valid("param");
    return c.json(await updateLocation(db, actor.companyId, id, c.req.valid("json")), 200);
  });
  app.openapi(deleteLocationRoute, async (c) => {
    const actor = await owner(c.var.user);
    await deleteLocation(db, actor.companyId, c.req.valid("param").id);
    return c.body(null, 204);
  });
  return app;
}
