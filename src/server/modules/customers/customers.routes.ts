import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { CustomerCardSchema } from "@shared/cards.schema";
import {
  AcceptInvitationSchema,
  CompanyCustomerSchema,
  CreateCustomerSchema,
  CreatedInvitationSchema,
  CustomerCardSummarySchema,
  CustomerDetailsSchema,
  CustomerListQuerySchema,
  CustomerPageSchema,
  CustomerRowSchema,
  CustomerStatsSchema,
  customerListParams,
  InvitationAnswerSchema,
  InvitationSchema,
  InvitationSignUpSchema,
  InvitationTokenBodySchema,
  InvitationTokenSchema,
  JoinCompanySchema,
  MyInvitationSchema,
  SetCustomerStatusSchema,
  UpdateCustomerRecordSchema,
} from "@shared/customers.schema";
import type { Db } from "../../db/client";
import {
  acceptInvitation,
  answerMyInvitation,
  signUpAndAccept,
} from "../../flows/accept-invitation";
import { joinCompanyByLink } from "../../flows/join-company";
import { CSV_BOM, csvLine, csvValue } from "../../lib/csv";
import { log } from "../../lib/log";
import { requireCompanyActor, requireCustomerActor } from "../../middleware/actor";
import { clientIp } from "../../middleware/client-ip";
import type { SessionVars } from "../../middleware/session";
import {
  apiErrorResponses,
  IdParamSchema,
  jsonBody,
  jsonContent,
  validationHook,
} from "../../openapi";
import {
  exportCustomerBatches,
  findCompanyCustomers,
  getCustomerDetails,
  getCustomerStats,
  listCustomers,
} from "./customers.queries";
import {
  listCustomerCardSummaries,
  setCustomerStatus,
  updateCustomerRecord,
} from "./customers.service";
import { CUSTOMER_CSV_HEADER, customerCsvLine } from "./customers-csv";
import { importsRoutes } from "./imports.routes";
import { invitationCodesRoutes } from "./invitation-codes.routes";
import { listMyInvitations } from "./invitations.queries";
import { companyInvitationsRoutes } from "./invitations.routes";
import {
  declineByToken,
  findInvitation,
  type InvitationDeps,
  inviteCustomer,
} from "./invitations.service";

const searchRoute = createRoute({
  method: "get",
  path: "/customers",
  tags: ["customers"],
  summary: "The company's active customers by name, e-mail or phone, with their open card",
  request: {
    query: z.object({
      search: z.string().max(100).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: {
    200: { description: "Customers", ...jsonContent(z.array(CompanyCustomerSchema)) },
    ...apiErrorResponses,
  },
});

const joinRoute = createRoute({
  method: "post",
  path: "/memberships",
  tags: ["customers"],
  summary: "The signed-in customer joins a company (its QR link); repeating it joins nothing new",
  request: jsonBody(JoinCompanySchema),
  responses: {
    200: {
      description: "Member, with the open card",
      ...jsonContent(z.object({ joined: z.boolean(), card: CustomerCardSchema })),
    },
    ...apiErrorResponses,
  },
});

const directoryRoute = createRoute({
  method: "get",
  path: "/customers/directory",
  tags: ["customers"],
  summary:
    "/clientes: one page of the company's customers by name, searched by name, e-mail or phone (ignoring case and accents)",
  request: { query: CustomerListQuerySchema },
  responses: {
    200: { description: "A page of customers", ...jsonContent(CustomerPageSchema) },
    ...apiErrorResponses,
  },
});

const statsRoute = createRoute({
  method: "get",
  path: "/customers/stats",
  tags: ["customers"],
  summary: "/clientes tiles: customers, active customers, birthdays this month (São Paulo)",
  responses: {
    200: { description: "Counts", ...jsonContent(CustomerStatsSchema) },
    ...apiErrorResponses,
  },
});

const exportRoute = createRoute({
  method: "get",
  path: "/customers/export",
  tags: ["customers"],
  summary:
    "'Exportar CSV': every customer of the company (UTF-8 with BOM, ';' separator, dd/MM/yyyy), streamed",
  responses: {
    200: {
      description: "clientes.csv",
      content: { "text/csv": { schema: z.string() } },
    },
    ...apiErrorResponses,
  },
});

const createCustomerRoute = createRoute({
  method: "post",
  path: "/customers",
  tags: ["customers"],
  summary:
    "'Novo Cliente': records an invitation with what the company typed and e-mails a link; the same answer for every e-mail (the person becomes a customer only by accepting)",
  request: jsonBody(CreateCustomerSchema),
  responses: {
    201: { description: "The invitation, as typed", ...jsonContent(CreatedInvitationSchema) },
    ...apiErrorResponses,
  },
});

const detailsRoute = createRoute({
  method: "get",
  path: "/customers/{id}",
  tags: ["customers"],
  summary: "'Ver Detalhes': one customer, the company's record of them and their messages",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The customer", ...jsonContent(CustomerDetailsSchema) },
    ...apiErrorResponses,
  },
});

const updateRecordRoute = createRoute({
  method: "post",
  path: "/customers/{id}/record",
  tags: ["customers"],
  summary:
    "Saves the company's own record (phone, birthday, city, state, notes); the customer's account is not changed",
  request: { params: IdParamSchema, ...jsonBody(UpdateCustomerRecordSchema) },
  responses: {
    200: { description: "The customer", ...jsonContent(CustomerDetailsSchema) },
    ...apiErrorResponses,
  },
});

const statusRoute = createRoute({
  method: "post",
  path: "/customers/{id}/status",
  tags: ["customers"],
  summary: "Ativo/Inativo: an inactive customer is not offered for stamps and cannot be stamped",
  request: { params: IdParamSchema, ...jsonBody(SetCustomerStatusSchema) },
  responses: {
    200: { description: "The customer", ...jsonContent(CustomerRowSchema) },
    ...apiErrorResponses,
  },
});

const customerCardsRoute = createRoute({
  method: "get",
  path: "/customers/{id}/cards",
  tags: ["customers"],
  summary: "'Detalhes Cartões': the customer's cards at this company",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "Cards", ...jsonContent(z.array(CustomerCardSummarySchema)) },
    ...apiErrorResponses,
  },
});

const invitationRoute = createRoute({
  method: "get",
  path: "/invitations/{token}",
  tags: ["customers"],
  summary: "The invitation behind a link (public): who is invited and by which company",
  request: { params: z.object({ token: InvitationTokenSchema }) },
  responses: {
    200: { description: "The invitation", ...jsonContent(InvitationSchema) },
    ...apiErrorResponses,
  },
});

const acceptInvitationRoute = createRoute({
  method: "post",
  path: "/invitations/accept",
  tags: ["customers"],
  summary:
    "A legacy invitation (account made by the old 'Novo Cliente'): sets its password (public); they can then sign in",
  request: jsonBody(AcceptInvitationSchema),
  responses: {
    200: { description: "Accepted", ...jsonContent(z.object({ email: z.string() })) },
    ...apiErrorResponses,
  },
});

const invitationSignUpRoute = createRoute({
  method: "post",
  path: "/invitations/sign-up",
  tags: ["customers"],
  summary:
    "/convite without an account: creates the person's account with their own data and accepts the invitation (public)",
  request: jsonBody(InvitationSignUpSchema),
  responses: {
    200: {
      description: "Account made, invitation accepted",
      ...jsonContent(z.object({ email: z.string() })),
    },
    ...apiErrorResponses,
  },
});

const declineByTokenRoute = createRoute({
  method: "post",
  path: "/invitations/decline",
  tags: ["customers"],
  summary: "Declines an invitation by its link (public); no membership is made",
  request: jsonBody(InvitationTokenBodySchema),
  responses: {
    200: { description: "Declined", ...jsonContent(InvitationAnswerSchema) },
    ...apiErrorResponses,
  },
});

const myInvitationsRoute = createRoute({
  method: "get",
  path: "/me/invitations",
  tags: ["customers"],
  summary: "Invitations waiting for the signed-in customer (addressed to their verified e-mail)",
  responses: {
    200: { description: "Invitations", ...jsonContent(z.array(MyInvitationSchema)) },
    ...apiErrorResponses,
  },
});

const answerMyInvitationRoute = createRoute({
  method: "post",
  path: "/me/invitations/{id}/{answer}",
  tags: ["customers"],
  summary:
    "The signed-in customer accepts (membership and card) or declines an invitation addressed to their e-mail",
  request: {
    params: IdParamSchema.extend({ answer: z.enum(["accept", "decline"]) }),
  },
  responses: {
    200: { description: "Answered", ...jsonContent(InvitationAnswerSchema) },
    ...apiErrorResponses,
  },
});

/** The export's rows a batch at a time, so a large customer base is never all in memory. */
function customersCsvStream(db: Db, companyId: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = exportCustomerBatches(db, companyId, 1000);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(
        encoder.encode(CSV_BOM + csvLine(CUSTOMER_CSV_HEADER.map((h) => csvValue(h)))),
      );
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(next.value.map(customerCsvLine).join("")));
      } catch (error) {
        log.error("The customers export failed:", error);
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

export function customersRoutes(deps: InvitationDeps & { trustProxyHops: number }) {
  const { db, trustProxyHops } = deps;
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  // Fixed paths before /customers/{id}.
  app.openapi(directoryRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    const query = customerListParams(c.req.valid("query"));
    return c.json(await listCustomers(db, actor.companyId, query), 200);
  });
  app.openapi(statsRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    return c.json(await getCustomerStats(db, actor.companyId), 200);
  });
  app.openapi(exportRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    return new Response(customersCsvStream(db, actor.companyId), {
      status: 200,
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="clientes.csv"',
      },
    }) as never;
  });
  app.route("/", companyInvitationsRoutes(deps));
  app.route("/", importsRoutes(deps));
  app.route("/", invitationCodesRoutes(deps));
  app.openapi(createCustomerRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    return c.json(await inviteCustomer(deps, actor.companyId, c.req.valid("json")), 201);
  });
  app.openapi(detailsRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    return c.json(await getCustomerDetails(db, actor.companyId, c.req.valid("param").id), 200);
  });
  app.openapi(updateRecordRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    const { id } = c.req.valid("param");
    return c.json(await updateCustomerRecord(db, actor.companyId, id, c.req.valid("json")), 200);
  });
  app.openapi(statusRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    const { id } = c.req.valid("param");
    const { status } = c.req.valid("json");
    return c.json(await setCustomerStatus(db, actor.companyId, id, status), 200);
  });
  app.openapi(customerCardsRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    const { id } = c.req.valid("param");
    return c.json(await listCustomerCardSummaries(db, actor.companyId, id), 200);
  });
  app.openapi(invitationRoute, async (c) =>
    c.json(await findInvitation(db, c.req.valid("param").token), 200),
  );
  app.openapi(acceptInvitationRoute, async (c) =>
    c.json(await acceptInvitation(deps, c.req.valid("json")), 200),
  );
  app.openapi(invitationSignUpRoute, async (c) =>
    c.json(await signUpAndAccept(deps, c.req.valid("json")), 200),
  );
  app.openapi(declineByTokenRoute, async (c) =>
    c.json(await declineByToken(db, c.req.valid("json").token), 200),
  );
  app.openapi(myInvitationsRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(await listMyInvitations(db, actor.customerId), 200);
  });
  app.openapi(answerMyInvitationRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    const { id, answer } = c.req.valid("param");
    return c.json(await answerMyInvitation(db, actor.customerId, id, answer === "accept"), 200);
  });

  app.openapi(searchRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "customers");
    const { search, limit } = c.req.valid("query");
    return c.json(await findCompanyCustomers(db, actor.companyId, { search, limit }), 200);
  });
  app.openapi(joinRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    const ip = clientIp(c, trustProxyHops);
    return c.json(await joinCompanyByLink(db, actor, c.req.valid("json"), ip), 200);
  });
  return app;
}
