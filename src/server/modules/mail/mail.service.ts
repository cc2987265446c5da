import { randomUUID } from "node:crypto";
import { type Language, toLocale } from "@shared/languages";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client";
import { devEmails } from "./dev-emails.table";

export type Mail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (a campaign's List-Unsubscribe and List-Unsubscribe-Post); SMTP only. */
  headers?: Record<string, string>;
};

export type Mailer = {
  /** "smtp" sends for real; "dev-mailbox" keeps the mail in the database for /dev/mailbox. */
  kind: "smtp" | "dev-mailbox";
  send(mail: Mail): Promise<void>;
  close(): void;
};

export type Logger = Pick<Console, "info" | "warn" | "error">;

/** SMTP connections one server keeps open and sends on side by side (the outbox's workers). */
export const SMTP_POOL_CONNECTIONS = 5;

/**
 * SMTP_URL with a pool of SMTP_POOL_CONNECTIONS kept-open connections, unless the URL already says
 * (`?pool=false` turns it off): a new connection per e-mail costs a greeting (100 ms on some
 * servers) and caps the outbox at a few dozen e-mails a second.
 */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
  if (!url.searchParams.has("maxConnections"))
    url.searchParams.set("maxConnections", String(SMTP_POOL_CONNECTIONS));
  return url.href;
}

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
    const transport = nodemailer.createTransport(pooledSmtpUrl(options.smtpUrl));
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
  // The mailbox answers only this machine (loopback), so its address is localhost's even when
  // APP_URL names the machine's network address (a phone on the Wi-Fi opening the app).
  const mailboxUrl = new URL("/dev/mailbox", options.appUrl);
  mailboxUrl.hostname = "localhost";
  return {
    kind: "dev-mailbox",
    async send(mail) {
      const { to, subject, html, text } = mail;
      await options.db.insert(devEmails).values({ id: randomUUID(), to, subject, html, text });
      const link = mail.text.match(/https?:\/\/\S+/)?.[0];
      logger.info(
        `[dev-mailbox] "${mail.subject}" to ${mail.to}${link ? `\n  link: ${link}` : ""}\n  mailbox: ${mailboxUrl.href}`,
      );
    },
    close() {},
  };
}

export const escapeHtml = (value: string) =>
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

/**
 * The pt-BR e-mail of 'Novo Cliente': a company invites a person to its programme. Nothing in it
 * was written by the company except its trade name ("<trade name> no Carimbou"): no name, no text.
 */
export function invitationEmail(input: {
  to: string;
  companyName: string;
  url: string;
  days: number;
}): Mail {
  const presented = `${input.companyName} no Carimbou`;
  const company = escapeHtml(presented);
  const url = escapeHtml(input.url);
  return {
    to: input.to,
    subject: `Convite de ${presented}`,
    text: [
      "Olá!",
      "",
      `${presented} convidou você para o programa de fidelidade dela: cartão fidelidade digital, carimbos e recompensas.`,
      "Para ver o convite e aceitar ou recusar, abra o link abaixo:",
      "",
      input.url,
      "",
      `O link vale por ${input.days} dias. Nada muda na sua conta enquanto você não aceitar. Se você não conhece esta empresa, ignore esta mensagem.`,
      "",
      "Equipe Carimbou",
    ].join("\n"),
    html: `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>Olá!</p>
<p>${company} convidou você para o programa de fidelidade dela: cartão fidelidade digital, carimbos e recompensas.</p>
<p><a href="${url}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Ver o convite</a></p>
<p>Ou copie este link no navegador:<br><a href="${url}">${url}</a></p>
<p>O link vale por ${input.days} dias. Nada muda na sua conta enquanto você não aceitar. Se você não conhece esta empresa, ignore esta mensagem.</p>
<p>Equipe Carimbou</p>
</body></html>`,
  };
}

const RESET_TEXTS = {
  pt: {
    subject: "Redefina sua senha do Carimbou",
    hello: (name: string) => `Olá, ${name}!`,
    intro:
      "Recebemos um pedido para redefinir a senha da sua conta no Carimbou. Para escolher uma nova senha, abra o link abaixo:",
    button: "Escolher nova senha",
    copy: "Ou copie este link no navegador:",
    validity:
      "O link vale por 1 hora e funciona uma única vez. Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.",
    team: "Equipe Carimbou",
  },
  en: {
    subject: "Reset your Carimbou password",
    hello: (name: string) => `Hello, ${name}!`,
    intro:
      "We received a request to reset the password of your Carimbou account. To choose a new password, open the link below:",
    button: "Choose a new password",
    copy: "Or copy this link into your browser:",
    validity:
      "The link is valid for 1 hour and works only once. If you did not ask for this, ignore this message: your password stays the same.",
    team: "The Carimbou team",
  },
} as const;

/** The e-mail with the single-use link to choose a new password, in the user's language. */
export function passwordResetEmail(input: {
  to: string;
  name: string;
  url: string;
  language: Language;
}): Mail {
  const t = RESET_TEXTS[input.language];
  const name = escapeHtml(input.name);
  const url = escapeHtml(input.url);
  return {
    to: input.to,
    subject: t.subject,
    text: [t.hello(input.name), "", t.intro, "", input.url, "", t.validity, "", t.team].join("\n"),
    html: `<!doctype html><html lang="${toLocale(input.language)}"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${t.hello(name)}</p>
<p>${t.intro.replace(/:$/, ".")}</p>
<p><a href="${url}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${t.button}</a></p>
<p>${t.copy}<br><a href="${url}">${url}</a></p>
<p>${t.validity}</p>
<p>${t.team}</p>
</body></html>`,
  };
}

const BIRTHDAY_TEXTS = {
  pt: {
    subject: (company: string, stamps: number) =>
      `Feliz aniversário! Você ganhou ${stamps} ${stamps === 1 ? "carimbo" : "carimbos"} de ${company}`,
    hello: (name: string) => `Olá, ${name}!`,
    gift: (company: string, stamps: number) =>
      `Feliz aniversário! ${company} deu a você ${stamps} ${stamps === 1 ? "carimbo" : "carimbos"} de presente no seu cartão fidelidade.`,
    message: (company: string) => `Mensagem de ${company}:`,
    button: "Ver meu cartão",
    copy: "Ou copie este link no navegador:",
    team: "Equipe Carimbou",
  },
  en: {
    subject: (company: string, stamps: number) =>
      `Happy birthday! You got ${stamps} ${stamps === 1 ? "stamp" : "stamps"} from ${company}`,
    hello: (name: string) => `Hello, ${name}!`,
    gift: (company: string, stamps: number) =>
      `Happy birthday! ${company} gave you ${stamps} ${stamps === 1 ? "stamp" : "stamps"} on your loyalty card as a gift.`,
    message: (company: string) => `A message from ${company}:`,
    button: "See my card",
    copy: "Or copy this link into your browser:",
    team: "The Carimbou team",
  },
} as const;

type BirthdayGift = { companyName: string; stamps: number; message: string; language: Language };

/**
 * The birthday gift as the customer reads it in the app (a notice from the company): the subject,
 * and the company's 'Mensagem de aniversário' or, when it wrote none, the gift in a sentence.
 */
export function birthdayNotice(gift: BirthdayGift): { subject: string; body: string } {
  const t = BIRTHDAY_TEXTS[gift.language];
  return {
    subject: t.subject(gift.companyName, gift.stamps),
    body: gift.message || t.gift(gift.companyName, gift.stamps),
  };
}

/**
 * The birthday gift's e-mail, in the customer's language: the stamps, the company's message (its
 * own text, escaped) and a link to the card.
 */
export function birthdayEmail(
  input: BirthdayGift & { to: string; name: string; url: string },
): Mail {
  const t = BIRTHDAY_TEXTS[input.language];
  const company = escapeHtml(input.companyName);
  const url = escapeHtml(input.url);
  const message = input.message ? [t.message(input.companyName), input.message] : ([] as string[]);
  return {
    to: input.to,
    subject: t.subject(input.companyName, input.stamps),
    text: [
      t.hello(input.name),
      "",
      t.gift(input.companyName, input.stamps),
      "",
      ...(message.length ? [...message, ""] : []),
      input.url,
      "",
      t.team,
    ].join("\n"),
    html: `<!doctype html><html lang="${toLocale(input.language)}"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${t.hello(escapeHtml(input.name))}</p>
<p>${t.gift(company, input.stamps)}</p>
${input.message ? `<p>${t.message(company)}</p>\n<blockquote style="margin:0 0 16px;padding-left:12px;border-left:3px solid #7c3aed;white-space:pre-line">${escapeHtml(input.message)}</blockquote>` : ""}
<p><a href="${url}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${t.button}</a></p>
<p>${t.copy}<br><a href="${url}">${url}</a></p>
<p>${t.team}</p>
</body></html>`,
  };
}
