import type { Language } from "@shared/languages";
import { Action, EmailLayout, Paragraph } from "./layout";
import { type EmailContent, renderEmail } from "./render";
import { emailTexts, fill } from "./texts";

/**
 * 'Excluir minha conta' (issue 34): the account will be deleted at `due` (São Paulo time, already
 * written out), and how to cancel before then: sign in and tap 'Cancelar exclusão'.
 */
type AccountDeletionProps = { name: string; due: string; url: string; language: Language };

export function AccountDeletionEmail(props: AccountDeletionProps) {
  const { common: c, accountDeletion: t } = emailTexts(props.language);
  return (
    <EmailLayout language={props.language}>
      <Paragraph>{fill(c.hello, { name: props.name })}</Paragraph>
      <Paragraph>{fill(t.lead, { due: props.due })}</Paragraph>
      <Paragraph>{t.what}</Paragraph>
      <Paragraph>{t.cancel}</Paragraph>
      <Action url={props.url} label={t.button} copy={c.copyLink} />
      <Paragraph>{t.notYou}</Paragraph>
      <Paragraph>{c.team}</Paragraph>
    </EmailLayout>
  );
}

export const accountDeletionContent = (props: AccountDeletionProps): EmailContent => ({
  subject: emailTexts(props.language).accountDeletion.subject,
  ...renderEmail(<AccountDeletionEmail {...props} />),
});
