import type { Language } from "@shared/languages";
import { Action, EmailLayout, Paragraph } from "./layout";
import { type EmailContent, renderEmail } from "./render";
import { emailTexts, fill } from "./texts";

type PersonalExportProps = {
  name: string;
  /** 'Meus dados' in the app: the download needs the person's session, so the e-mail holds no file. */
  url: string;
  language: Language;
  /** How long the download stays (PERSONAL_EXPORT_HOURS) and until when, as the person reads it. */
  hours: number;
  until: string;
};

/** 'Seus dados estão prontos' (issue 34): the copy of one's data can be downloaded in the app. */
export function PersonalExportEmail(props: PersonalExportProps) {
  const { common: c, personalExport: t } = emailTexts(props.language);
  return (
    <EmailLayout language={props.language}>
      <Paragraph>{fill(c.hello, { name: props.name })}</Paragraph>
      <Paragraph>{t.lead}</Paragraph>
      <Paragraph>{fill(t.expires, { hours: props.hours, until: props.until })}</Paragraph>
      <Action url={props.url} label={t.button} copy={c.copyLink} />
      <Paragraph>{t.notYou}</Paragraph>
      <Paragraph>{c.team}</Paragraph>
    </EmailLayout>
  );
}

export const personalExportContent = (props: PersonalExportProps): EmailContent => ({
  subject: emailTexts(props.language).personalExport.subject,
  ...renderEmail(<PersonalExportEmail {...props} />),
});
