import type { Language } from "@shared/languages";
import { toLocale } from "@shared/languages";
import { formatBrazilianMoney } from "@shared/money";
import { escapeHtml, type Mail } from "../mail/mail.service";

/** What the referrer got when the friend's first visit qualified the referral. */
export type ReferralReward = {
  friendName: string;
  companyName: string;
  stamps: number;
  bonusCents: number;
  language: Language;
};

const reais = (cents: number) => `R$ ${formatBrazilianMoney(cents)}`;

const stampsText = {
  pt: (n: number) => `${n} ${n === 1 ? "carimbo" : "carimbos"}`,
  en: (n: number) => `${n} ${n === 1 ? "stamp" : "stamps"}`,
};

const TEXTS = {
  pt: {
    subject: (r: ReferralReward) =>
      `Seu amigo ${r.friendName} entrou no cartão da ${r.companyName}`,
    reward: (r: ReferralReward) => {
      const parts = [
        r.stamps > 0 ? stampsText.pt(r.stamps) : null,
        r.bonusCents > 0 ? `${reais(r.bonusCents)} de bônus` : null,
      ].filter(Boolean);
      return `Seu amigo ${r.friendName} entrou no cartão da ${r.companyName} — você ganhou ${parts.join(" e ") || "a indicação"}.`;
    },
    hello: (name: string) => `Olá, ${name}!`,
    thanks: "Obrigado por indicar! Continue compartilhando seu link.",
    button: "Ver meu cartão",
    copy: "Ou copie este link no navegador:",
    team: "Equipe Carimbou",
  },
  en: {
    subject: (r: ReferralReward) => `Your friend ${r.friendName} joined ${r.companyName}'s card`,
    reward: (r: ReferralReward) => {
      const parts = [
        r.stamps > 0 ? stampsText.en(r.stamps) : null,
        r.bonusCents > 0 ? `a ${reais(r.bonusCents)} bonus` : null,
      ].filter(Boolean);
      return `Your friend ${r.friendName} joined ${r.companyName}'s card — you got ${parts.join(" and ") || "the referral"}.`;
    },
    hello: (name: string) => `Hello, ${name}!`,
    thanks: "Thank you for the referral! Keep sharing your link.",
    button: "See my card",
    copy: "Or copy this link into your browser:",
    team: "The Carimbou team",
  },
} as const;

/** The reward as the referrer reads it in the app (a notice from the company). */
export function referralRewardNotice(r: ReferralReward): { subject: string; body: string } {
  const t = TEXTS[r.language];
  return { subject: t.subject(r), body: `${t.reward(r)} ${t.thanks}` };
}

/** The reward's e-mail to the referrer, in their language, with a link to the card. */
export function referralRewardEmail(
  r: ReferralReward & { to: string; name: string; url: string },
): Mail {
  const t = TEXTS[r.language];
  const url = escapeHtml(r.url);
  const escaped = {
    ...r,
    friendName: escapeHtml(r.friendName),
    companyName: escapeHtml(r.companyName),
  };
  return {
    to: r.to,
    subject: t.subject(r),
    text: [t.hello(r.name), "", t.reward(r), t.thanks, "", r.url, "", t.team].join("\n"),
    html: `<!doctype html><html lang="${toLocale(r.language)}"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${t.hello(escapeHtml(r.name))}</p>
<p>${t.reward(escaped)}</p>
<p>${t.thanks}</p>
<p><a href="${url}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${t.button}</a></p>
<p>${t.copy}<br><a href="${url}">${url}</a></p>
<p>${t.team}</p>
</body></html>`,
  };
}
