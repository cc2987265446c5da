import { Action, EmailLayout, Paragraph } from "./layout";
import { type EmailContent, HtmlOnly, renderEmail, TextLines } from "./render";
import { fill, ptBRTexts } from "./texts";

/** 'Novo Cliente': a company invites a person to its programme (pt-BR). */
type InvitationProps = { companyName: string; url: string; days: number };

/** Nothing in it was written by the company except its trade name ("<trade name> no Carimbou"). */
export function InvitationEmail({ companyName, url, days }: InvitationProps) {
  const c = ptBRTexts.common;
  const t = ptBRTexts.invitation;
  const intro = fill(t.intro, { company: fill(t.company, { company: companyName }) });
  return (
    <EmailLayout language="pt">
      <Paragraph>{c.helloAll}</Paragraph>
      <HtmlOnly>
        <Paragraph>{intro}</Paragraph>
      </HtmlOnly>
      <TextLines lines={[intro, t.openText]} />
      <Action url={url} label={t.button} copy={c.copyLink} />
      <Paragraph>{fill(t.validity, { days })}</Paragraph>
      <Paragraph>{c.team}</Paragraph>
    </EmailLayout>
  );
}

export const invitationContent = (props: InvitationProps): EmailContent => {
  const t = ptBRTexts.invitation;
  return {
    subject: fill(t.subject, { company: fill(t.company, { company: props.companyName }) }),
    ...renderEmail(<InvitationEmail {...props} />),
  };
};
