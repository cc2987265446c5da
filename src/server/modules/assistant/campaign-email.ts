/**
 * The campaign e-mails (issue 20, point 6), in the member's language: the company's running
 * promotion, or a reminder of an unfinished card. Each carries a one-click opt-out: a visible link
 * to /descadastrar, and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058) that let
 * the mail client withdraw with one POST.
 */

import {
  type CampaignMember,
  type Promotion,
  promotionContent,
  promotionWords,
  reminderContent,
  reminderWords,
  type UnfinishedCard,
} from "../../email/campaign-email";
import { emailTexts } from "../../email/texts";
import type { Mail } from "../mail/mail.service";

type Common = CampaignMember & {
  to: string;
  /** The API's one-click address (the headers); `optOutUrl` is the page's. */
  oneClickUrl: string;
};

/** RFC 8058: the mail client's one-click unsubscribe, a POST to the API's address. */
const oneClickHeaders = (input: Common) => ({
  "List-Unsubscribe": `<${input.oneClickUrl}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
});

/** The running promotion: its title and description (the company's text). */
export const promotionEmail = (input: Common & Promotion): Mail => ({
  to: input.to,
  ...promotionContent(input),
  headers: oneClickHeaders(input),
});

/** A reminder of the member's unfinished card: how many stamps they have and need. */
export const reminderEmail = (input: Common & UnfinishedCard): Mail => ({
  to: input.to,
  ...reminderContent(input),
  headers: oneClickHeaders(input),
});

/** The WhatsApp texts of a campaign: short, plain, with the opt-out link at the end. */
const optOutLine = (input: Common) =>
  `${emailTexts(input.language).campaign.whatsappOptOut} ${input.optOutUrl}`;

/** The running promotion as a WhatsApp text. */
export function promotionWhatsApp(input: Common & Promotion): string {
  const { title, description } = promotionWords(input.language, input);
  return [`*${input.companyName}* · ${title}`, description, "", optOutLine(input)].join("\n");
}

/** The unfinished-card reminder as a WhatsApp text. */
export function reminderWhatsApp(input: Common & UnfinishedCard): string {
  const words = reminderWords(input.language, input.companyName, input);
  return [words.stamps, words.missing, "", optOutLine(input)].join("\n");
}
