import { randomUUID } from "node:crypto";
import type { Language } from "@shared/languages";
import nodemailer from "nodemailer";
import type { Db } from "../../db/client";
import { confirmationContent, passwordResetContent } from "../../email/account-link-email";
import {
  type BirthdayGift,
  birthdayContent,
  birthdayNoticeTexts,
} from "../../email/birthday-email";
import { invitationContent } from "../../email/invitation-email";
import { type StaffInvitation, staffInvitationContent } from "../../email/staff-invitation-email";
import { log } from "../../lib/log";
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
  const logger = options.logger ?? log;
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

// The e-mails the app sends from here, in their words (src/server/email: one component per
// e-mail, texts in src/server/email/locales).

/** The pt-BR e-mail that confirms a new account's address. */
export const confirmationEmail = (input: { to: string; name: string; url: string }): Mail => ({
  to: input.to,
  ...confirmationContent(input),
});

/**
 * The pt-BR e-mail of 'Novo Cliente': a company invites a person to its programme. Nothing in it
 * was written by the company except its trade name ("<trade name> no Carimbou"): no name, no text.
 */
export const invitationEmail = (input: {
  to: string;
  companyName: string;
  url: string;
  days: number;
  /** An imported paper card's stamps waiting for the person (said when more than 0). */
  stamps?: number;
}): Mail => ({ to: input.to, ...invitationContent(input) });

/** 'Convidar' on /equipe: a company invites a person to its team, in the inviting owner's language. */
export const staffInvitationEmail = (input: StaffInvitation & { to: string }): Mail => ({
  to: input.to,
  ...staffInvitationContent(input),
});

/** The e-mail with the single-use link to choose a new password, in the user's language. */
export const passwordResetEmail = (input: {
  to: string;
  name: string;
  url: string;
  language: Language;
}): Mail => ({ to: input.to, ...passwordResetContent(input) });

/**
 * The birthday gift as the customer reads it in the app (a notice from the company): the subject,
 * and the company's 'Mensagem de aniversário' or, when it wrote none, the gift in a sentence.
 */
export const birthdayNotice = (gift: BirthdayGift): { subject: string; body: string } =>
  birthdayNoticeTexts(gift);

/**
 * The birthday gift's e-mail, in the customer's language: the stamps, the company's message (its
 * own text) and a link to the card.
 */
export const birthdayEmail = (
  input: BirthdayGift & { to: string; name: string; url: string },
): Mail => ({ to: input.to, ...birthdayContent(input) });
