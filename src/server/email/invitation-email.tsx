import { Action, EmailLayout, Paragraph } from "./layout";
import { type EmailContent, HtmlOnly, renderEmail, TextLines } from "./render";
import { count, fill, ptBRTexts } from "./texts";

/**
 * 'Novo Cliente' (or an import): a company invites a person to its programme (pt-BR). An imported
 * paper card's `stamps` (more than 0) are said: they wait for the person on the new card.
 */
type InvitationProps = { companyName: string; url: string; days: number; stamps?: number };

/** Nothing in it was written by the company except its trade name ("<trade name> no Carimbou"). */
export function InvitationEmail({ companyName, url, days, stamps = 0 }: InvitationProps) {
  const c = ptBRTexts.common;
  const t = ptBRTexts.invitation;
  const intro = fill(t.intro, { company: fill(t.company, { company: companyName }) });
  const waiting = stamps > 0 ? count(t, "stampsWaiting", stamps, { company: companyName }) : null;
  return (
    <EmailLayout language="pt">
      <Paragraph>{c.helloAll}</Paragraph>
      <HtmlOnly>
        <Paragraph>{intro}</Paragraph>
        {waiting ? <Paragraph>{waiting}</Paragraph> : null}
      </HtmlOnly>
      <TextLines lines={waiting ? [intro, waiting, t.openText] : [intro, t.openText]} />
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
