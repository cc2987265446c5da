import type { Language } from "@shared/languages";
import { Action, BRAND, EmailLayout, Paragraph } from "./layout";
import { type EmailContent, HtmlOnly, renderEmail, TextLines } from "./render";
import { emailTexts, fill } from "./texts";

/**
 * What a company did that a customer learns by e-mail as well as in the app (each under the
 * customer's own switch): it answered their message, their card is complete, it refused a stamp
 * they asked for. `quote` is the company's own text (the answer, the reason), shown as written.
 */
export type CustomerNotice =
  | { kind: "reply"; companyName: string; quote: string; language: Language }
  | { kind: "cardComplete"; companyName: string; reward: string; language: Language }
  | { kind: "claimRefused"; companyName: string; quote: string; language: Language };

const words = (notice: CustomerNotice) => {
  const { customerNotice: t } = emailTexts(notice.language);
  const company = { company: notice.companyName };
  switch (notice.kind) {
    case "reply":
      return {
        subject: fill(t.reply.subject, company),
        lead: fill(t.reply.lead, company),
        quoteLabel: null,
        quote: notice.quote,
        button: t.reply.button,
      };
    case "cardComplete":
      return {
        subject: fill(t.cardComplete.subject, company),
        lead: fill(notice.reward ? t.cardComplete.lead : t.cardComplete.leadNoReward, {
          ...company,
          reward: notice.reward,
        }),
        quoteLabel: null,
        quote: "",
        button: t.cardComplete.button,
      };
    case "claimRefused":
      return {
        subject: fill(t.claimRefused.subject, company),
        lead: fill(t.claimRefused.lead, company),
        quoteLabel: t.claimRefused.reason,
        quote: notice.quote,
        button: t.claimRefused.button,
      };
  }
};

type CustomerNoticeProps = CustomerNotice & { name: string; url: string };

/** The notice's e-mail: what happened, the company's own words (if any) and a link to the app. */
export function CustomerNoticeEmail(props: CustomerNoticeProps) {
  const { common: c, customerNotice: t } = emailTexts(props.language);
  const w = words(props);
  return (
    <EmailLayout language={props.language}>
      <Paragraph>{fill(c.hello, { name: props.name })}</Paragraph>
      <Paragraph>{w.lead}</Paragraph>
      {w.quote ? (
        <>
          <HtmlOnly>
            {w.quoteLabel ? <Paragraph>{w.quoteLabel}</Paragraph> : null}
            <blockquote
              style={{
                margin: "0 0 16px",
                paddingLeft: "12px",
                borderLeft: `3px solid ${BRAND}`,
                whiteSpace: "pre-line",
              }}
            >
              {w.quote}
            </blockquote>
          </HtmlOnly>
          <TextLines lines={w.quoteLabel ? [w.quoteLabel, w.quote] : [w.quote]} />
        </>
      ) : null}
      <Action url={props.url} label={w.button} copy={c.copyLink} />
      <Paragraph>{t.why}</Paragraph>
      <Paragraph>{c.team}</Paragraph>
    </EmailLayout>
  );
}

export const customerNoticeContent = (props: CustomerNoticeProps): EmailContent => ({
  subject: words(props).subject,
  ...renderEmail(<CustomerNoticeEmail {...props} />),
});
