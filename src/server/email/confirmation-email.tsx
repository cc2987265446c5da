import { Action, EmailLayout, Paragraph } from "./layout";
import { type EmailContent, HtmlOnly, renderEmail, TextOnly } from "./render";
import { fill, ptBRTexts } from "./texts";

/** The confirmation of a new account's address (pt-BR). */
type ConfirmationProps = { name: string; url: string };

export function ConfirmationEmail({ name, url }: ConfirmationProps) {
  const c = ptBRTexts.common;
  const t = ptBRTexts.confirmation;
  return (
    <EmailLayout language="pt">
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

export const confirmationContent = (props: ConfirmationProps): EmailContent => ({
  subject: ptBRTexts.confirmation.subject,
  ...renderEmail(<ConfirmationEmail {...props} />),
});
