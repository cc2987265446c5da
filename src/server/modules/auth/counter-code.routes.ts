import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { CounterCodeSchema } from "@shared/counter.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { currentStep, signStepToken, stepEndsAt } from "../../lib/step-token";
import { requireCustomerActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, jsonContent, validationHook } from "../../openapi";
import { ensureCounterCode } from "./counter-code.service";

const counterCodeRoute = createRoute({
  method: "get",
  path: "/me/counter-code",
  tags: ["counter"],
  summary:
    "'Mostrar no balcão': the customer's short code (made on first use) and the QR code's signed payload, valid for this 30-second step and the next",
  responses: {
    200: { description: "The codes", ...jsonContent(CounterCodeSchema) },
    ...apiErrorResponses,
  },
});

/**
 * The customer's counter code. The QR code carries the short code signed for the current
 * 30-second step (lib/step-token.ts, purpose "customer-code", with the app's auth secret): the
 * counter accepts it for this step and the previous one, so a screenshot stops working within a
 * minute; the short code itself is permanent and always checked against the company's members.
 */
export function counterCodeRoutes({ db, authSecret }: { db: Db; authSecret: string }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(counterCodeRoute, async (c) => {
    const actor = await requireCustomerActor(db, c.var.user);
    const shortCode = await ensureCounterCode(db, actor.customerId);
    if (!shortCode) throw new AppError("not_found", 404, "Profile not found");
    const step = currentStep();
    return c.json(
      {
        shortCode,
        qr: signStepToken(authSecret, "customer-code", shortCode, step),
        refreshAt: stepEndsAt(step).toISOString(),
      },
      200,
    );
  });
  return app;
}
