import type { Language } from "@shared/languages";
import { Action, EmailLayout, Paragraph } from "./layout";
import { type EmailContent, HtmlOnly, renderEmail, TextOnly } from "./render";
import { emailTexts, fill } from "./texts";

/** The single-use link to choose a new password, in the user's language. */
type PasswordResetProps = { name: string; url: string; language: Language };

export function PasswordResetEmail({ name, url, language }: PasswordResetProps) {
  const { common: c, passwordReset: t } = emailTexts(language);
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

export const passwordResetContent = (props: PasswordResetProps): EmailContent => ({
  subject: emailTexts(props.language).passwordReset.subject,
  ...renderEmail(<PasswordResetEmail {...props} />),
});
