import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { html, raw } from "hono/html";
import type { Db } from "../../db/client";
import { localOnly } from "../../middleware/client-ip";
import { devEmails } from "./dev-emails.table";

/**
 * Development only (no SMTP_URL): the e-mails the app would have sent. Only the machine itself
 * sees them (loopback socket address; X-Forwarded-For is never trusted here): anyone else on the
 * network gets 404, as for a path that does not exist. A request relayed by a proxy (it carries
 * forwarding headers) is refused too, even from a proxy on this machine.
 */
export function devMailboxRoutes(db: Db) {
  const app = new Hono();
  app.use("*", localOnly());
  app.get("/", async (c) => {
    const mails = await db.select().from(devEmails).orderBy(desc(devEmails.createdAt)).limit(100);
    return c.html(html`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Caixa de e-mails (desenvolvimento)</title></head>
<body style="font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem">
<h1>Caixa de e-mails de desenvolvimento</h1>
<p>Sem <code>SMTP_URL</code>, os e-mails do Carimbou ficam aqui. Os 100 mais recentes:</p>
${mails.length === 0 ? html`<p>Nenhum e-mail ainda.</p>` : ""}
<ul>${mails.map(
      (m) =>
        html`<li><a href="/dev/mailbox/${m.id}">${m.subject}</a> — para ${m.to} — ${m.createdAt.toISOString()}</li>`,
    )}</ul>
</body></html>`);
  });
  app.get("/:id", async (c) => {
    const [mail] = await db
      .select()
      .from(devEmails)
      .where(eq(devEmails.id, c.req.param("id")))
      .limit(1);
    if (!mail) return c.text("E-mail não encontrado", 404);
    return c.html(html`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${mail.subject}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem">
<p><a href="/dev/mailbox">← Caixa de e-mails</a></p>
<p><strong>Para:</strong> ${mail.to}<br><strong>Assunto:</strong> ${mail.subject}</p>
<hr>${raw(mail.html.replace(/^[\s\S]*<body[^>]*>|<\/body>[\s\S]*$/g, ""))}
</body></html>`);
  });
  return app;
}
