import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { GoogleWalletLinkSchema } from "@shared/wallet.schema";
import type { Db } from "../../db/client";
import { googleWalletLink } from "../../flows/google-wallet-pass";
import { requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, IdParamSchema, jsonContent, validationHook } from "../../openapi";

const googleWalletRoute = createRoute({
  method: "get",
  path: "/me/cards/{id}/google-wallet",
  tags: ["cards"],
  summary:
    "'Adicionar ao Google Wallet': the save link of one of the customer's cards (404 not_found for any other card; 404 wallet_off when Google Wallet is not configured)",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The save link", ...jsonContent(GoogleWalletLinkSchema) },
    ...apiErrorResponses,
  },
});

export function walletRoutes({ db, appUrl }: { db: Db; appUrl: string }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(googleWalletRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    return c.json(
      await googleWalletLink(db, appUrl, actor.customerId, c.req.valid("param").id),
      200,
    );
  });
  return app;
}
