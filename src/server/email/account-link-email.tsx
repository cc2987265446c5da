import type { Language } from "@shared/languages";
import { Action, EmailLayout, Paragraph } from "./layout";
import { type EmailContent, HtmlOnly, renderEmail, TextOnly } from "./render";
import { emailTexts, fill, ptBRTexts } from "./texts";

/** The texts of an e-mail whose one job is a link: the account's confirmation, a new password. */
type LinkTexts = { intro: string; introText: string; button: string; validity: string };

type AccountLinkProps = { name: string; url: string; language: Language; texts: LinkTexts };

/** Hello, what the link is for, the button (and the link to copy), how long it lasts. */
export function AccountLinkEmail({ name, url, language, texts: t }: AccountLinkProps) {
  const c = emailTexts(language).common;
  return (
    <EmailLayout language={language}>
      <Paragraph>{fill(c.hello, { name })}</Paragraph>
      <Paragraph>
        <HtmlOnly>{t.intro}</HtmlOnly>
        <TextOnly>{t.introText}</TextOnly>
      </Paragraph>
      <Action url={url} label={t.button} copy={c.copyLink} />
      <Paragraph>{t.validity}</Paragraph>
      <Paragraph>{c.team}</Paragraph>
    </EmailLayout>
  );
}

/** The confirmation of a new account's address (pt-BR: sent at sign-up, before any choice). */
export function confirmationContent({ name, url }: { name: string; url: string }): EmailContent {
  const texts = ptBRTexts.confirmation;
  return {
    subject: texts.subject,
    ...renderEmail(<AccountLinkEmail name={name} url={url} language="pt" texts={texts} />),
  };
}

/** The single-use link to choose a new password, in the user's language. */
export function passwordResetContent(props: {
  name: string;
  url: string;
  language: Language;
}): EmailContent {
  const texts = emailTexts(props.language).passwordReset;
  return { subject: texts.subject, ...renderEmail(<AccountLinkEmail {...props} texts={texts} />) };
}
