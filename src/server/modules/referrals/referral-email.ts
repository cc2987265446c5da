import { type ReferralReward, referralRewardContent } from "../../email/referral-reward-email";
import type { Mail } from "../mail/mail.service";

/** The reward's e-mail to the referrer, in their language, with a link to the card. */
export const referralRewardEmail = (
  r: ReferralReward & { to: string; name: string; url: string },
): Mail => ({ to: r.to, ...referralRewardContent(r) });
