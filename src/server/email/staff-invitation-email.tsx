import type { Language } from "@shared/languages";
import type { MemberRole } from "@shared/team-permissions";
import { Action, EmailLayout, Paragraph } from "./layout";
import { type EmailContent, HtmlOnly, renderEmail, TextLines } from "./render";
import { emailTexts, fill } from "./texts";

/** 'Convidar' on /equipe: a company invites a person to its team with a role. */
export type StaffInvitation = {
  companyName: string;
  role: MemberRole;
  url: string;
  days: number;
  /** The inviting owner's language (the person has no account, or none we look at). */
  language: Language;
};

const words = (props: StaffInvitation) => {
  const t = emailTexts(props.language).staffInvitation;
  const values = { company: props.companyName, role: t.roles[props.role] };
  return {
    subject: fill(t.subject, values),
    intro: fill(t.intro, values),
    openText: t.openText,
    button: t.button,
    validity: fill(t.validity, { days: props.days }),
  };
};

/** Nothing in it was written by the company except its trade name. */
export function StaffInvitationEmail(props: StaffInvitation) {
  const c = emailTexts(props.language).common;
  const w = words(props);
  return (
    <EmailLayout language={props.language}>
      <Paragraph>{c.helloAll}</Paragraph>
      <HtmlOnly>
        <Paragraph>{w.intro}</Paragraph>
      </HtmlOnly>
      <TextLines lines={[w.intro, w.openText]} />
      <Action url={props.url} label={w.button} copy={c.copyLink} />
      <Paragraph>{w.validity}</Paragraph>
      <Paragraph>{c.team}</Paragraph>
    </EmailLayout>
  );
}

export const staffInvitationContent = (props: StaffInvitation): EmailContent => ({
  subject: words(props).subject,
  ...renderEmail(<StaffInvitationEmail {...props} />),
});
