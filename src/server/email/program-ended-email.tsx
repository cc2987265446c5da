import type { Language } from "@shared/languages";
import { Action, EmailLayout, Paragraph } from "./layout";
import { type EmailContent, renderEmail } from "./render";
import { emailTexts, fill } from "./texts";

/**
 * To each active member of a company that closed its account ('Fechar conta', issue 34): the
 * programme ended, and the cards stay read-only in their area until the data is deleted. The same
 * words for every member (no name), so one rendering per language serves thousands of members.
 */
export type ProgramEnded = {
  language: Language;
  companyName: string;
  /** The day it closed and the last day the cards are kept, as the reader's language writes them. */
  day: string;
  until: string;
  /** The customer's area. */
  url: string;
};

const words = (props: ProgramEnded) => {
  const t = emailTexts(props.language).programEnded;
  const values = { company: props.companyName, day: props.day, until: props.until };
  return {
    subject: fill(t.subject, values),
    paragraphs: [fill(t.lead, values), fill(t.cards, values)],
    button: t.button,
  };
};

export function ProgramEndedEmail(props: ProgramEnded) {
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

export const programEndedContent = (props: ProgramEnded): EmailContent => ({
  subject: words(props).subject,
  ...renderEmail(<ProgramEndedEmail {...props} />),
});
