import {
  type ReferralReward,
  referralRewardContent,
  referralRewardNoticeTexts,
} from "../../email/referral-reward-email";
import type { Mail } from "../mail/mail.service";

/** The reward as the referrer reads it in the app (a notice from the company). */
export const referralRewardNotice = (r: ReferralReward): { subject: string; body: string } =>
  referralRewardNoticeTexts(r);

/** The reward's e-mail to the referrer, in their language, with a link to the card. */
export const referralRewardEmail = (
  r: ReferralReward & { to: string; name: string; url: string },
): Mail => ({ to: r.to, ...referralRewardContent(r) });
