import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { companyJoinPath } from "@shared/company-links";
import { Hono } from "hono";
import type { Db } from "../../db/client";
import { requireCompanyActor } from "../../middleware/actor";
import type { SessionVars } from "../../middleware/session";
import { apiErrorResponses, validationHook } from "../../openapi";
import { makePoster } from "./poster.service";

/** Says whether the company's logo made it into the poster (the web warns for a GIF or WebP). */
export const POSTER_LOGO_HEADER = "X-Poster-Logo";

const posterRoute = createRoute({
  method: "get",
  path: "/company/poster",
  tags: ["companies"],
  summary:
    "'Baixar cartaz': the company's poster as a PDF (page 1 an A4 poster, page 2 an A6 table card) with its logo, colour, the default card's reward, the QR code of its join link, the short link and three steps; records the download. 409 poster_program_required without a default card.",
  responses: {
    200: {
      description: `cartaz-<slug>.pdf (header ${POSTER_LOGO_HEADER}: included, unsupported or none)`,
      content: { "application/pdf": { schema: z.string().openapi({ format: "binary" }) } },
    },
    ...apiErrorResponses,
  },
});

/** GET /api/company/poster, for whoever sees the dashboard (its QR card holds the button). */
export function posterRoutes({ db, appUrl }: { db: Db; appUrl: string }) {
  const app = new OpenAPIHono<{ Variables: SessionVars }>({ defaultHook: validationHook });
  app.openapi(posterRoute, async (c) => {
    const actor = await requireCompanyActor(db, c.var.user, "dashboard");
    const poster = await makePoster(db, actor, appUrl);
    return new Response(new Uint8Array(poster.bytes), {
      status: 200,
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${poster.fileName}"`,
        "Content-Length": String(poster.bytes.length),
        "Cache-Control": "no-store",
        [POSTER_LOGO_HEADER]: poster.logo,
      },
    }) as never;
  });
  return app;
}

/** A company id as the short link carries it (ids are UUIDs; anything else is no company's). */
const SHORT_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The poster's short link, /e/{companyId}: a 302 to the company's join link (companyJoinPath),
 * so a customer whose camera reads no QR code can type it. Any other id falls through (404 page).
 */
export function shortLinkRoutes() {
  const app = new Hono();
  app.get("/e/:id", (c, next) => {
    const id = c.req.param("id");
    if (!SHORT_ID.test(id)) return next();
    c.header("Cache-Control", "public, max-age=300");
    return c.redirect(companyJoinPath(id), 302);
  });
  return app;
}
