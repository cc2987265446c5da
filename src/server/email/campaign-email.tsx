import { Hr, Link } from "@react-email/components";
import { formatCalendarDate } from "@shared/dates";
import type { Language } from "@shared/languages";
import type { ReactNode } from "react";
import { ActionButton, EmailLayout, Paragraph, smallPrint } from "./layout";
import { type EmailContent, HtmlOnly, renderEmail, TextLines, TextOnly } from "./render";
import { count, emailTexts, fill } from "./texts";

/** What every campaign e-mail knows of its member and company. */
export type CampaignMember = {
  name: string;
  companyName: string;
  language: Language;
  /** The member's card page at the company. */
  cardUrl: string;
  /** /descadastrar?token=… (the page). */
  optOutUrl: string;
};

export type Promotion = { title: string; description: string; endsOn: string | null };
export type UnfinishedCard = { stamps: number; stampsRequired: number; reward: string };

/** The promotion's words: its title (or the default one) and its description with the end day. */
export function promotionWords(language: Language, p: Promotion) {
  const t = emailTexts(language).campaign;
  const title = p.title.trim() || t.promotionDefaultTitle;
  const until = p.endsOn ? ` ${fill(t.until, { day: formatCalendarDate(p.endsOn) })}` : "";
  return { title, description: `${p.description}${until}` };
}

/** The reminder's words: the stamps the member has, and how many are missing for the reward. */
export function reminderWords(language: Language, companyName: string, card: UnfinishedCard) {
  const t = emailTexts(language).campaign;
  const left = Math.max(1, card.stampsRequired - card.stamps);
  return {
    stamps: fill(t.reminder, {
      company: companyName,
      stamps: card.stamps,
      required: card.stampsRequired,
    }),
    missing: count(t, "missing", left, { reward: card.reward || t.defaultReward }),
  };
}

/**
 * A campaign e-mail: the company's words, a button to the card, and why the member gets it with a
 * visible link to opt out (the List-Unsubscribe headers are the module's: campaign-email.ts).
 */
function CampaignEmail(props: CampaignMember & { children: ReactNode }) {
  const { common: c, campaign: t } = emailTexts(props.language);
  const why = fill(t.why, { company: props.companyName });
  return (
    <EmailLayout language={props.language}>
      <Paragraph>{fill(c.hello, { name: props.name })}</Paragraph>
      {props.children}
      <HtmlOnly>
        <Paragraph>
          <ActionButton url={props.cardUrl} label={c.seeCard} />
        </Paragraph>
        <Paragraph>{c.team}</Paragraph>
        <Hr style={{ borderTop: "1px solid #e5e7eb" }} />
        <Paragraph style={smallPrint}>
          {why} <Link href={props.optOutUrl}>{t.optOut}</Link>
        </Paragraph>
      </HtmlOnly>
      <TextOnly>
        <p>{props.cardUrl}</p>
      </TextOnly>
      <TextLines lines={[why, `${t.optOutText} ${props.optOutUrl}`]} />
      <TextOnly>
        <p>{c.team}</p>
      </TextOnly>
    </EmailLayout>
  );
}

/** A paragraph of the company's words, its line breaks kept. */
const Words = ({ children }: { children: ReactNode }) => (
  <Paragraph style={{ whiteSpace: "pre-line" }}>{children}</Paragraph>
);

/** The company's running promotion: its title and description (the company's own text). */
export function PromotionEmail(props: CampaignMember & Promotion) {
  const t = emailTexts(props.language).campaign;
  const { title, description } = promotionWords(props.language, props);
  return (
    <CampaignEmail {...props}>
      <Words>{fill(t.promotionIntro, { company: props.companyName })}</Words>
      <Words>
        <strong>{title}</strong>
        {"\n"}
        {description}
      </Words>
    </CampaignEmail>
  );
}

export const promotionContent = (props: CampaignMember & Promotion): EmailContent => {
  const t = emailTexts(props.language).campaign;
  const { title } = promotionWords(props.language, props);
  return {
    subject: fill(t.promotionSubject, { title, company: props.companyName }),
    ...renderEmail(<PromotionEmail {...props} />),
  };
};

/** A reminder of the member's unfinished card: how many stamps they have and need. */
export function ReminderEmail(props: CampaignMember & UnfinishedCard) {
  const words = reminderWords(props.language, props.companyName, props);
  return (
    <CampaignEmail {...props}>
      <Words>{words.stamps}</Words>
      <Words>{words.missing}</Words>
    </CampaignEmail>
  );
}

export const reminderContent = (props: CampaignMember & UnfinishedCard): EmailContent => ({
  subject: fill(emailTexts(props.language).campaign.reminderSubject, {
    company: props.companyName,
  }),
  ...renderEmail(<ReminderEmail {...props} />),
});
