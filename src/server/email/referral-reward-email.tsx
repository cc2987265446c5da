import type { Language } from "@shared/languages";
import { formatBrazilianMoney } from "@shared/money";
import { Action, EmailLayout, Paragraph } from "./layout";
import { type EmailContent, HtmlOnly, renderEmail, TextLines } from "./render";
import { count, emailTexts, fill } from "./texts";

/** What the referrer got when the friend's first visit qualified the referral. */
export type ReferralReward = {
  friendName: string;
  companyName: string;
  stamps: number;
  bonusCents: number;
  language: Language;
};

const words = (r: ReferralReward) => {
  const { common: c, referralReward: t } = emailTexts(r.language);
  const stamps = r.stamps > 0 ? count(c, "stamps", r.stamps) : null;
  const bonus =
    r.bonusCents > 0 ? fill(t.bonus, { amount: `R$ ${formatBrazilianMoney(r.bonusCents)}` }) : null;
  const gain =
    stamps && bonus ? fill(t.stampsAndBonus, { stamps, bonus }) : (stamps ?? bonus ?? t.noGain);
  const values = { friend: r.friendName, company: r.companyName, gain };
  return { subject: fill(t.subject, values), reward: fill(t.reward, values), thanks: t.thanks };
};

type ReferralRewardProps = ReferralReward & { name: string; url: string };

/** The reward's e-mail to the referrer, with a link to the card. */
export function ReferralRewardEmail(props: ReferralRewardProps) {
  const { common: c } = emailTexts(props.language);
  const { reward, thanks } = words(props);
  return (
    <EmailLayout language={props.language}>
      <Paragraph>{fill(c.hello, { name: props.name })}</Paragraph>
      <HtmlOnly>
        <Paragraph>{reward}</Paragraph>
        <Paragraph>{thanks}</Paragraph>
      </HtmlOnly>
      <TextLines lines={[reward, thanks]} />
      <Action url={props.url} label={c.seeCard} copy={c.copyLink} />
      <Paragraph>{c.team}</Paragraph>
    </EmailLayout>
  );
}

export const referralRewardContent = (props: ReferralRewardProps): EmailContent => ({
  subject: words(props).subject,
  ...renderEmail(<ReferralRewardEmail {...props} />),
});
