import type { Language } from "@shared/languages";
import { Action, BRAND, EmailLayout, Paragraph } from "./layout";
import { type EmailContent, HtmlOnly, renderEmail, TextLines } from "./render";
import { count, emailTexts, fill } from "./texts";

/** A birthday gift: the stamps a company gave, and its 'Mensagem de aniversário' (may be empty). */
export type BirthdayGift = {
  companyName: string;
  stamps: number;
  message: string;
  language: Language;
};

const words = (gift: BirthdayGift) => {
  const { common: c, birthday: t } = emailTexts(gift.language);
  const values = { company: gift.companyName, stamps: count(c, "stamps", gift.stamps) };
  return { subject: fill(t.subject, values), gift: fill(t.gift, values) };
};

/**
 * The birthday gift as the customer reads it in the app (a notice from the company): the subject,
 * and the company's message or, when it wrote none, the gift in a sentence.
 */
export function birthdayNoticeTexts(gift: BirthdayGift): { subject: string; body: string } {
  const { subject, gift: sentence } = words(gift);
  return { subject, body: gift.message || sentence };
}

type BirthdayProps = BirthdayGift & { name: string; url: string };

/** The gift's e-mail: the stamps, the company's message (its own text) and a link to the card. */
export function BirthdayEmail(props: BirthdayProps) {
  const { common: c, birthday: t } = emailTexts(props.language);
  const label = fill(t.message, { company: props.companyName });
  return (
    <EmailLayout language={props.language}>
      <Paragraph>{fill(c.hello, { name: props.name })}</Paragraph>
      <Paragraph>{words(props).gift}</Paragraph>
      {props.message ? (
        <>
          <HtmlOnly>
            <Paragraph>{label}</Paragraph>
            <blockquote
              style={{
                margin: "0 0 16px",
                paddingLeft: "12px",
                borderLeft: `3px solid ${BRAND}`,
                whiteSpace: "pre-line",
              }}
            >
              {props.message}
            </blockquote>
          </HtmlOnly>
          <TextLines lines={[label, props.message]} />
        </>
      ) : null}
      <Action url={props.url} label={c.seeCard} copy={c.copyLink} />
      <Paragraph>{c.team}</Paragraph>
    </EmailLayout>
  );
}

export const birthdayContent = (props: BirthdayProps): EmailContent => ({
  subject: words(props).subject,
  ...renderEmail(<BirthdayEmail {...props} />),
});
