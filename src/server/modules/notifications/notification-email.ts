import { type Language, toLocale } from "@shared/languages";
import { MESSAGE_NOTIFICATION_PREVIEW_LENGTH } from "@shared/notifications.schema";
import type { Mail } from "../mail/mail.service";
import type { DigestCategory } from "./digest.queries";

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

const preview = (text: string) =>
  text.length > MESSAGE_NOTIFICATION_PREVIEW_LENGTH
    ? `${text.slice(0, MESSAGE_NOTIFICATION_PREVIEW_LENGTH)}…`
    : text;

const plural = (count: number, one: string, other: string) => (count === 1 ? one : other);

const METHODS: Record<Language, Record<string, string>> = {
  pt: {
    purchase: "compra",
    receipt: "nota fiscal",
    social: "redes sociais",
    google_review: "avaliação Google",
  },
  en: {
    purchase: "purchase",
    receipt: "receipt",
    social: "social media",
    google_review: "Google review",
  },
};

const DIGEST_TEXTS = {
  pt: {
    subject: (n: number) => `Carimbou: ${n} ${plural(n, "novidade", "novidades")} na sua empresa`,
    hello: (name: string) => `Olá, ${name}!`,
    intro: (company: string) => `Novidades em ${company} desde o último aviso:`,
    count: {
      messages: (n: number) =>
        `${n} ${plural(n, "mensagem de cliente", "mensagens de clientes")} aguardando resposta`,
      partnershipRequests: (n: number) =>
        `${n} ${plural(n, "solicitação de parceria", "solicitações de parceria")} aguardando resposta`,
      stamps: (n: number) =>
        `${n} ${plural(n, "solicitação de carimbo", "solicitações de carimbo")} aguardando aprovação`,
      completedCards: (n: number) => `${n} ${plural(n, "cartão completo", "cartões completos")}`,
    },
    item: {
      messages: (name: string, detail: string) => `${name}: "${preview(detail)}"`,
      partnershipRequests: (name: string, detail: string) => `${name}: "${preview(detail)}"`,
      stamps: (name: string, detail: string) =>
        `${name} pediu um carimbo (${METHODS.pt[detail] ?? detail})`,
      completedCards: (name: string, detail: string) => `${name} completou o cartão ${detail}`,
    },
    more: (n: number) => `e mais ${n}`,
    dashboard: "Abrir o painel",
    inbox: "Ver mensagens",
    partnerships: "Ver solicitações de parceria",
    copy: "Ou copie este link no navegador:",
    why: "Você recebe este e-mail porque as notificações por e-mail estão ligadas em Configurações → Notificações Gerais. No máximo um aviso a cada 15 minutos.",
    team: "Equipe Carimbou",
  },
  en: {
    subject: (n: number) => `Carimbou: ${n} ${plural(n, "update", "updates")} at your company`,
    hello: (name: string) => `Hello, ${name}!`,
    intro: (company: string) => `What is new at ${company} since the last e-mail:`,
    count: {
      messages: (n: number) =>
        `${n} ${plural(n, "customer message", "customer messages")} waiting for an answer`,
      partnershipRequests: (n: number) =>
        `${n} ${plural(n, "partnership request", "partnership requests")} waiting for an answer`,
      stamps: (n: number) =>
        `${n} ${plural(n, "stamp request", "stamp requests")} waiting for approval`,
      completedCards: (n: number) => `${n} ${plural(n, "card completed", "cards completed")}`,
    },
    item: {
      messages: (name: string, detail: string) => `${name}: "${preview(detail)}"`,
      partnershipRequests: (name: string, detail: string) => `${name}: "${preview(detail)}"`,
      stamps: (name: string, detail: string) =>
        `${name} asked for a stamp (${METHODS.en[detail] ?? detail})`,
      completedCards: (name: string, detail: string) => `${name} completed the card ${detail}`,
    },
    more: (n: number) => `and ${n} more`,
    dashboard: "Open the panel",
    inbox: "See the messages",
    partnerships: "See the partnership requests",
    copy: "Or copy this link into your browser:",
    why: "You get this e-mail because e-mail notifications are on in Settings → General Notifications. At most one e-mail every 15 minutes.",
    team: "The Carimbou team",
  },
} as const;

/** One category of the digest: how many events, and the newest few (newest first). */
export type DigestSection = {
  category: DigestCategory;
  total: number;
  items: { customerName: string; detail: string }[];
};

const button = (url: string, label: string) =>
  `<a href="${escapeHtml(url)}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;margin:0 8px 8px 0">${label}</a>`;

/**
 * The owner's notification digest, in the owner's language: per category (customer messages,
 * partnership requests, stamp requests, complete cards) the count and the newest few with the customer's name and a
 * short preview, and links to /dashboard (and /mensagens when there are messages). Everything a
 * customer wrote is escaped.
 */
export function digestEmail(input: {
  to: string;
  ownerName: string;
  companyName: string;
  sections: DigestSection[];
  language: Language;
  appUrl: string;
}): Mail {
  const t = DIGEST_TEXTS[input.language];
  const total = input.sections.reduce((sum, s) => sum + s.total, 0);
  const dashboardUrl = new URL("/dashboard", input.appUrl).href;
  const inboxUrl = new URL("/mensagens", input.appUrl).href;
  const hasMessages = input.sections.some((s) => s.category === "messages");
  const partnershipsUrl = new URL("/parceria", input.appUrl).href;
  const hasRequests = input.sections.some((s) => s.category === "partnershipRequests");
  const lines = (s: DigestSection) => ({
    heading: t.count[s.category](s.total),
    items: s.items.map((i) => t.item[s.category](i.customerName, i.detail)),
    more: s.total > s.items.length ? t.more(s.total - s.items.length) : null,
  });

  const text = [
    t.hello(input.ownerName),
    "",
    t.intro(input.companyName),
    ...input.sections.flatMap((s) => {
      const l = lines(s);
      return ["", `${l.heading}:`, ...l.items.map((i) => `- ${i}`), ...(l.more ? [l.more] : [])];
    }),
    "",
    `${t.dashboard}: ${dashboardUrl}`,
    ...(hasMessages ? [`${t.inbox}: ${inboxUrl}`] : []),
    ...(hasRequests ? [`${t.partnerships}: ${partnershipsUrl}`] : []),
    "",
    t.why,
    "",
    t.team,
  ].join("\n");

  const sectionsHtml = input.sections
    .map((s) => {
      const l = lines(s);
      const items = l.items.map((i) => `<li>${escapeHtml(i)}</li>`).join("");
      const more = l.more ? `<li style="list-style:none;color:#6b7280">${l.more}</li>` : "";
      return `<h3 style="font-size:15px;margin:16px 0 4px">${escapeHtml(l.heading)}</h3>\n<ul style="margin:0;padding-left:20px">${items}${more}</ul>`;
    })
    .join("\n");

  return {
    to: input.to,
    subject: t.subject(total),
    text,
    html: `<!doctype html><html lang="${toLocale(input.language)}"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${t.hello(escapeHtml(input.ownerName))}</p>
<p>${t.intro(escapeHtml(input.companyName))}</p>
${sectionsHtml}
<p style="margin-top:20px">${button(dashboardUrl, t.dashboard)}${hasMessages ? button(inboxUrl, t.inbox) : ""}${hasRequests ? button(partnershipsUrl, t.partnerships) : ""}</p>
<p>${t.copy}<br><a href="${escapeHtml(dashboardUrl)}">${escapeHtml(dashboardUrl)}</a></p>
<p style="color:#6b7280;font-size:12px">${t.why}</p>
<p>${t.team}</p>
</body></html>`,
  };
}
