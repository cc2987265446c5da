import type { Language } from "@shared/languages";
import { Action, EmailLayout, Paragraph } from "./layout";
import { type EmailContent, renderEmail } from "./render";
import { emailTexts, fill } from "./texts";

/** To the owner: a webhook endpoint failed for about a day and was turned off (issue 33). */
export type WebhookDisabled = {
  language: Language;
  companyName: string;
  endpointUrl: string;
  /** A test endpoint (the sandbox's). */
  test: boolean;
  /** The last attempt's answer: `HTTP 500`, `timeout`, `endereço bloqueado`… */
  lastError: string | null;
  /** /integracoes. */
  url: string;
};

const words = (props: WebhookDisabled) => {
  const t = emailTexts(props.language).webhookDisabled;
  const values = { company: props.companyName, url: props.endpointUrl };
  return {
    subject: fill(t.subject, values),
    paragraphs: [
      fill(t.disabled, values),
      ...(props.test ? [t.test] : []),
      ...(props.lastError ? [fill(t.lastError, { error: props.lastError })] : []),
      t.fix,
    ],
    button: t.button,
  };
};

export function WebhookDisabledEmail(props: WebhookDisabled) {
  const c = emailTexts(props.language).common;
  const w = words(props);
  return (
    <EmailLayout language={props.language}>
      <Paragraph>{c.helloAll}</Paragraph>
      {w.paragraphs.map((p) => (
        <Paragraph key={p}>{p}</Paragraph>
      ))}
      <Action url={props.url} label={w.button} copy={c.copyLink} />
      <Paragraph>{c.team}</Paragraph>
    </EmailLayout>
  );
}

export const webhookDisabledContent = (props: WebhookDisabled): EmailContent => ({
  subject: words(props).subject,
  ...renderEmail(<WebhookDisabledEmail {...props} />),
});
