import type { Language } from "@shared/languages";
import { Action, EmailLayout, Paragraph } from "./layout";
import { type EmailContent, HtmlOnly, renderEmail, TextLines } from "./render";
import { emailTexts } from "./texts";

/** A billing e-mail's body (trial ending, payment received, failed, overdue, refunded). */
export type BillingBody = {
  subject: string;
  paragraphs: string[];
  /** A code to copy (Pix 'copia e cola'). */
  code?: { label: string; value: string };
  button: string;
};

type BillingProps = BillingBody & { language: Language; url: string };

/** "Olá!", the paragraphs, the code to copy if any, and the button to the plan or the charge. */
export function BillingEmail(props: BillingProps) {
  const { common: c } = emailTexts(props.language);
  return (
    <EmailLayout language={props.language}>
      <Paragraph>{c.helloAll}</Paragraph>
      {props.paragraphs.map((p) => (
        <Paragraph key={p}>{p}</Paragraph>
      ))}
      {props.code ? (
        <>
          <HtmlOnly>
            <Paragraph>
              {props.code.label}
              <br />
              <code style={{ wordBreak: "break-all" }}>{props.code.value}</code>
            </Paragraph>
          </HtmlOnly>
          <TextLines lines={[props.code.label, props.code.value]} />
        </>
      ) : null}
      <Action url={props.url} label={props.button} copy={c.copyLink} />
      <Paragraph>{c.team}</Paragraph>
    </EmailLayout>
  );
}

export const billingContent = (props: BillingProps): EmailContent => ({
  subject: props.subject,
  ...renderEmail(<BillingEmail {...props} />),
});
