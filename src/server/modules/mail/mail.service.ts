import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client";
import { devEmails } from "./dev-emails.table";

export type Mail = { to: string; subject: string; html: string; text: string };

export type Mailer = {
  /** "smtp" sends for real; "dev-mailbox" keeps the mail in the database for /dev/mailbox. */
  kind: "smtp" | "dev-mailbox";
  send(mail: Mail): Promise<void>;
  close(): void;
};

export type Logger = Pick<Console, "info" | "warn" | "error">;

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  production: boolean;
  appUrl: string;
  logger?: Logger;
}): Mailer {
  const logger = options.logger ?? console;
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  if (options.production) {
    throw new Error(
      "SMTP_URL is required in production: e-mails (such as confirmations) must be sent.",
    );
  }
  return {
    kind: "dev-mailbox",
    async send(mail) {
      await options.db.insert(devEmails).values({ id: randomUUID(), ...mail });
      const link = mail.text.match(/https?:\/\/\S+/)?.[0];
      logger.info(
        `[dev-mailbox] "${mail.subject}" to ${mail.to}${link ? `\n  link: ${link}` : ""}\n  mailbox: ${options.appUrl}/dev/mailbox`,
      );
    },
    close() {},
  };
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

/** The pt-BR e-mail that confirms a new account's address. */
export function confirmationEmail(input: { to: string; name: string; url: string }): Mail {
  const name = escapeHtml(input.name);
  const url = escapeHtml(input.url);
  return {
    to: input.to,
    subject: "Confirme seu email no Carimbou",
    text: [
      `Olá, ${input.name}!`,
      "",
      "Recebemos seu cadastro no Carimbou. Para ativar sua conta, confirme seu email abrindo o link abaixo:",
      "",
      input.url,
      "",
      "O link vale por 24 horas. Se você não fez este cadastro, ignore esta mensagem.",
      "",
      "Equipe Carimbou",
    ].join("\n"),
    html: `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>Olá, ${name}!</p>
<p>Recebemos seu cadastro no Carimbou. Para ativar sua conta, confirme seu email:</p>
<p><a href="${url}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Confirmar meu email</a></p>
<p>Ou copie este link no navegador:<br><a href="${url}">${url}</a></p>
<p>O link vale por 24 horas. Se você não fez este cadastro, ignore esta mensagem.</p>
<p>Equipe Carimbou</p>
</body></html>`,
  };
}

/** The pt-BR e-mail inviting a customer a company registered ('Novo Cliente') to set a password. */
export function invitationEmail(input: {
  to: string;
  name: string;
  companyName: string;
  url: string;
  days: number;
}): Mail {
  const name = escapeHtml(input.name);
  const company = escapeHtml(input.companyName);
  const url = escapeHtml(input.url);
  return {
    to: input.to,
    subject: `${input.companyName} cadastrou você no Carimbou`,
    text: [
      `Olá, ${input.name}!`,
      "",
      `${input.companyName} cadastrou você no programa de fidelidade dela no Carimbou, e seu cartão fidelidade já está esperando por você.`,
      "Para acessar, crie sua senha abrindo o link abaixo:",
      "",
      input.url,
      "",
      `O link vale por ${input.days} dias. Se você não conhece esta empresa, ignore esta mensagem.`,
      "",
      "Equipe Carimbou",
    ].join("\n"),
    html: `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>Olá, ${name}!</p>
<p>${company} cadastrou você no programa de fidelidade dela no Carimbou, e seu cartão fidelidade já está esperando por você.</p>
<p><a href="${url}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Criar minha senha</a></p>
<p>Ou copie este link no navegador:<br><a href="${url}">${url}</a></p>
<p>O link vale por ${input.days} dias. Se você não conhece esta empresa, ignore esta mensagem.</p>
<p>Equipe Carimbou</p>
</body></html>`,
  };
}
