/**
 * The campaign e-mails (issue 20, point 6), in the member's language: the company's running
 * promotion, or a reminder of an unfinished card. Each carries a one-click opt-out: a visible link
 * to /descadastrar, and the List-Unsubscribe / List-Unsubscribe-Post headers (RFC 8058) that let
 * the mail client withdraw with one POST.
 */

import { formatCalendarDate } from "@shared/dates";
import { type Language, toLocale } from "@shared/languages";
import { escapeHtml, type Mail } from "../mail/mail.service";

const TEXTS = {
  pt: {
    hello: (name: string) => `Olá, ${name}!`,
    promotionSubject: (company: string, title: string) => `${title} - ${company}`,
    promotionDefaultTitle: "Promoção Especial",
    promotionIntro: (company: string) => `${company} tem uma promoção para você:`,
    until: (date: string) => `Válida até ${date}.`,
    reminderSubject: (company: string) => `Seu cartão de ${company} está esperando por você`,
    reminder: (company: string, stamps: number, required: number) =>
      `Você tem ${stamps} de ${required} carimbos no seu cartão de ${company}.`,
    missing: (left: number, reward: string) =>
      `${left === 1 ? "Falta 1 carimbo" : `Faltam ${left} carimbos`} para ${reward || "a sua recompensa"}. Que tal passar por lá?`,
    button: "Ver meu cartão",
    why: (company: string) =>
      `Você recebe este e-mail porque aceitou receber promoções e novidades de ${company} no Carimbou.`,
    optOut: "Não quero mais receber",
    optOutText: "Para não receber mais, abra:",
    team: "Equipe Carimbou",
  },
  en: {
    hello: (name: string) => `Hello, ${name}!`,
    promotionSubject: (company: string, title: string) => `${title} - ${company}`,
    promotionDefaultTitle: "Special promotion",
    promotionIntro: (company: string) => `${company} has a promotion for you:`,
    until: (date: string) => `Valid until ${date}.`,
    reminderSubject: (company: string) => `Your ${company} card is waiting for you`,
    reminder: (company: string, stamps: number, required: number) =>
      `You have ${stamps} of ${required} stamps on your ${company} card.`,
    missing: (left: number, reward: string) =>
      `${left === 1 ? "1 stamp" : `${left} stamps`} to go for ${reward || "your reward"}. Why not drop by?`,
    button: "See my card",
    why: (company: string) =>
      `You get this e-mail because you agreed to receive promotions and news from ${company} on Carimbou.`,
    optOut: "Unsubscribe",
    optOutText: "To stop receiving them, open:",
    team: "The Carimbou team",
  },
} as const;

type Common = {
  to: string;
  name: string;
  companyName: string;
  language: Language;
  /** The member's card page at the company. */
  cardUrl: string;
  /** /descadastrar?token=… (the page), and the API's one-click address (the headers). */
  optOutUrl: string;
  oneClickUrl: string;
};

const BUTTON =
  "display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none";

function campaignMail(
  input: Common,
  subject: string,
  paragraphs: { text: string; html: string }[],
): Mail {
  const t = TEXTS[input.language];
  const cardUrl = escapeHtml(input.cardUrl);
  const optOutUrl = escapeHtml(input.optOutUrl);
  return {
    to: input.to,
    subject,
    text: [
      t.hello(input.name),
      "",
      ...paragraphs.flatMap((p) => [p.text, ""]),
      input.cardUrl,
      "",
      t.why(input.companyName),
      `${t.optOutText} ${input.optOutUrl}`,
      "",
      t.team,
    ].join("\n"),
    html: `<!doctype html><html lang="${toLocale(input.language)}"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${t.hello(escapeHtml(input.name))}</p>
${paragraphs.map((p) => `<p style="white-space:pre-line">${p.html}</p>`).join("\n")}
<p><a href="${cardUrl}" style="${BUTTON}">${t.button}</a></p>
<p>${t.team}</p>
<hr style="border:none;border-top:1px solid #e5e7eb">
<p style="font-size:12px;color:#6b7280">${t.why(escapeHtml(input.companyName))} <a href="${optOutUrl}">${t.optOut}</a></p>
</body></html>`,
    headers: {
      "List-Unsubscribe": `<${input.oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The running promotion: its title and description (the company's text, escaped). */
export function promotionEmail(
  input: Common & { title: string; description: string; endsOn: string | null },
): Mail {
  const t = TEXTS[input.language];
  const title = input.title.trim() || t.promotionDefaultTitle;
  const until = input.endsOn ? ` ${t.until(formatCalendarDate(input.endsOn))}` : "";
  return campaignMail(input, t.promotionSubject(input.companyName, title), [
    {
      text: t.promotionIntro(input.companyName),
      html: t.promotionIntro(escapeHtml(input.companyName)),
    },
    {
      text: `${title}\n${input.description}${until}`,
      html: `<strong>${escapeHtml(title)}</strong>\n${escapeHtml(input.description)}${until}`,
    },
  ]);
}

/** A reminder of the member's unfinished card: how many stamps they have and need. */
export function reminderEmail(
  input: Common & { stamps: number; stampsRequired: number; reward: string },
): Mail {
  const t = TEXTS[input.language];
  const left = Math.max(1, input.stampsRequired - input.stamps);
  return campaignMail(input, t.reminderSubject(input.companyName), [
    {
      text: t.reminder(input.companyName, input.stamps, input.stampsRequired),
      html: t.reminder(escapeHtml(input.companyName), input.stamps, input.stampsRequired),
    },
    { text: t.missing(left, input.reward), html: escapeHtml(t.missing(left, input.reward)) },
  ]);
}

/** The WhatsApp texts of a campaign: short, plain, with the opt-out link at the end. */
const WHATSAPP_OPT_OUT = {
  pt: "Para não receber mais promoções:",
  en: "To stop receiving promotions:",
} as const;

/** The running promotion as a WhatsApp text. */
export function promotionWhatsApp(
  input: Common & { title: string; description: string; endsOn: string | null },
): string {
  const t = TEXTS[input.language];
  const title = input.title.trim() || t.promotionDefaultTitle;
  const until = input.endsOn ? ` ${t.until(formatCalendarDate(input.endsOn))}` : "";
  return [
    `*${input.companyName}* · ${title}`,
    `${input.description}${until}`,
    "",
    `${WHATSAPP_OPT_OUT[input.language]} ${input.optOutUrl}`,
  ].join("\n");
}

/** The unfinished-card reminder as a WhatsApp text. */
export function reminderWhatsApp(
  input: Common & { stamps: number; stampsRequired: number; reward: string },
): string {
  const t = TEXTS[input.language];
  const left = Math.max(1, input.stampsRequired - input.stamps);
  return [
    t.reminder(input.companyName, input.stamps, input.stampsRequired),
    t.missing(left, input.reward),
    "",
    `${WHATSAPP_OPT_OUT[input.language]} ${input.optOutUrl}`,
  ].join("\n");
}
