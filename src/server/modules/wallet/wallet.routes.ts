import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { AppleWalletLinkSchema, GoogleWalletLinkSchema } from "@shared/wallet.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { customerApplePass, requireAppleWallet } from "../../flows/apple-wallet-pass";
import { googleWalletLink } from "../../flows/google-wallet-pass";
import { requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, IdParamSchema, jsonContent, validationHook } from "../../openapi";
import { PKPASS_CONTENT_TYPE } from "./apple-wallet";
import { findWalletCard } from "./wallet.queries";

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

const appleWalletLinkRoute = createRoute({
  method: "get",
  path: "/me/cards/{id}/apple-wallet/link",
  tags: ["cards"],
  summary:
    "'Adicionar à Apple Wallet': where to download the pass of one of the customer's cards (404 not_found for any other card; 404 wallet_off when Apple Wallet is not configured: no button)",
  request: { params: IdParamSchema },
  responses: {
    200: { description: "The pass's download path", ...jsonContent(AppleWalletLinkSchema) },
    ...apiErrorResponses,
  },
});

const appleWalletRoute = createRoute({
  method: "get",
  path: "/me/cards/{id}/apple-wallet",
  tags: ["cards"],
  summary:
    "'Adicionar à Apple Wallet': the signed .pkpass of one of the customer's cards (store card: the stamps as a strip, the reward, the short counter code as QR; updated through /api/passkit). 404 not_found for any other card; 404 wallet_off when Apple Wallet is not configured",
  request: { params: IdParamSchema },
  responses: {
    200: {
      description: "cartao.pkpass",
      content: { [PKPASS_CONTENT_TYPE]: { schema: z.string().openapi({ format: "binary" }) } },
    },
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
  app.openapi(appleWalletLinkRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    requireAppleWallet();
    const { id } = c.req.valid("param");
    if (!(await findWalletCard(db, id, actor.customerId))) {
      throw new AppError("not_found", 404, "Card not found");
    }
    return c.json({ url: `/api/me/cards/${encodeURIComponent(id)}/apple-wallet` }, 200);
  });
  app.openapi(appleWalletRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    const bytes = await customerApplePass(db, appUrl, actor.customerId, c.req.valid("param").id);
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: {
        "Content-Type": PKPASS_CONTENT_TYPE,
        "Content-Disposition": 'attachment; filename="cartao.pkpass"',
        "Content-Length": String(bytes.length),
        "Cache-Control": "no-store",
      },
    }) as never;
  });
  return app;
}
