/**
 * The rules engine: IA Suprema's deterministic answers, always available (the default, the
 * fallback of the language model, and the tests'). The intent comes from keywords in Portuguese
 * and English, ignoring accents and case; the answer from the company's configured messages and
 * the read-only tools. It never writes.
 */
import type { AssistantIntent, AssistantSettings, AssistantTone } from "@shared/assistant.schema";
import { formatCalendarDate } from "@shared/dates";
import type { AssistantAnswer, AssistantEngine, AssistantFacts, CardFacts } from "./engine";
import { isOpenAt, nextOpening, WEEKDAY_NAMES } from "./service-hours";

type Language = "pt" | "en";

/** Lower case, no accents, punctuation as spaces: "Promoção?" → "promocao". */
export function normalizeText(message: string): string {
  return ` ${message
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;
}

/**
 * Word stems per intent and language, matched at the start of a word (" carimb" matches
 * "carimbos"). Checked in this order: a complaint that mentions a card is still a complaint.
 */
const KEYWORDS: [Exclude<AssistantIntent, "handover">, Record<Language, string[]>][] = [
  [
    "complaint",
    {
      pt: [
        "reclama",
        "reclamo",
        "queixa",
        "pessim",
        "horrivel",
        "insatisfeit",
        "decepcion",
        "absurdo",
        "descaso",
        "mal atendid",
        "atendimento ruim",
        // What went wrong, said without the word "reclamação" ("o café veio frio e o atendente
        // foi grosso"): rudeness, food that came wrong, a bad experience.
        "grosso",
        "grossa",
        "grosseir",
        "mal educad",
        "ma educad",
        "sem educacao",
        "falta de educacao",
        "desrespeit",
        "estupid",
        "ignorou",
        "ignoraram",
        "veio frio",
        "veio fria",
        "veio errad",
        "veio queimad",
        "chegou frio",
        "chegou fria",
        "chegou errad",
        "estava frio",
        "estava fria",
        "estava ruim",
        "estava estragad",
        "estragad",
        "azedo",
        "azeda",
        "sujo",
        "suja",
        "nojent",
        "ruim",
        "nao gostei",
        "demorou demais",
        "demorou muito",
        "muita demora",
        "cobraram errado",
        "cobrado errado",
        "cobrou errado",
      ],
      en: [
        "complaint",
        "complain",
        "terrible",
        "awful",
        "disappointed",
        "unacceptable",
        "bad service",
        "rude",
        "was cold",
        "came cold",
        "wrong order",
        "dirty",
        "never again",
      ],
    },
  ],
  [
    "suggestion",
    {
      pt: [
        "sugest",
        "sugiro",
        "sugerir",
        "sugere",
        "ideia",
        "poderiam",
        "deveriam",
        "seria bom",
        "seria legal",
      ],
      en: ["suggestion", "suggest", "idea", "you could", "you should", "would be nice"],
    },
  ],
  [
    "stamps",
    {
      pt: [
        "carimb",
        "selo",
        "selinho",
        "cartao",
        "cartoes",
        "fidelidade",
        "pontos",
        "recompensa",
        "premio",
        "brinde",
      ],
      en: ["stamp", "stamps", "loyalty", "card", "cards", "reward", "rewards", "points"],
    },
  ],
  [
    "promotion",
    {
      pt: ["promo", "oferta", "desconto", "cupom", "cupon", "liquida"],
      en: [
        "promo",
        "promotion",
        "promotions",
        "offer",
        "offers",
        "discount",
        "deal",
        "deals",
        "coupon",
        "sale",
      ],
    },
  ],
  [
    "order",
    {
      pt: [
        "pedido",
        "pedir",
        "encomend",
        "delivery",
        "entrega",
        "ifood",
        "cardapio",
        "comprar",
        "loja online",
        "site",
      ],
      en: ["order", "menu", "buy", "shop", "deliver", "delivery", "store"],
    },
  ],
  [
    "hours",
    {
      pt: [
        "horario",
        "aberto",
        "aberta",
        "abre",
        "abrem",
        "fecha",
        "funciona",
        "que horas",
        "expediente",
      ],
      en: ["hours", "open", "close", "closing", "what time"],
    },
  ],
  [
    "greeting",
    {
      pt: ["oi", "ola", "bom dia", "boa tarde", "boa noite", "e ai", "opa", "tudo bem"],
      en: ["hi", "hello", "hey", "good morning", "good afternoon", "good evening"],
    },
  ],
];

/**
 * The intent of a message and the language its keywords were in (Portuguese by default).
 * Portuguese stems match the start of a word ("carimb" in "carimbos"); English words and every
 * greeting match whole words ("card" is not "cardapio", "oi" is not "oito").
 */
export function detectIntent(message: string): { intent: AssistantIntent; language: Language } {
  const text = normalizeText(message);
  const startsWord = (stem: string) => text.includes(` ${stem}`);
  const isWord = (word: string) => text.includes(` ${word} `);
  for (const [intent, stems] of KEYWORDS) {
    if (stems.pt.some(intent === "greeting" ? isWord : startsWord))
      return { intent, language: "pt" };
    if (stems.en.some(isWord)) return { intent, language: "en" };
  }
  return { intent: "handover", language: englishWords(text) ? "en" : "pt" };
}

const englishWords = (text: string) =>
  [" the ", " you ", " my ", " what ", " how ", " please "].some((w) => text.includes(w));

const DAYS: Record<Language, string[]> = {
  pt: ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"],
  en: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
};
const DAY_NAMES = WEEKDAY_NAMES;

/** "seg a sex 08:00–18:00 · sáb 08:00–12:00 · dom fechado": days with the same hours grouped. */
export function describeHours(hours: AssistantSettings["serviceHours"], language: Language) {
  const closed = language === "pt" ? "fechado" : "closed";
  const label = (w: number) => {
    const day = hours[w]!;
    return day.open ? `${day.start}–${day.end}` : closed;
  };
  // Monday first, Sunday last, as people read a week.
  const order = [1, 2, 3, 4, 5, 6, 0];
  const groups: { from: number; to: number; label: string }[] = [];
  for (const w of order) {
    const last = groups.at(-1);
    if (last && last.label === label(w)) last.to = w;
    else groups.push({ from: w, to: w, label: label(w) });
  }
  const joiner = language === "pt" ? " a " : "–";
  return groups
    .map(
      (g) =>
        `${g.from === g.to ? DAYS[language][g.from] : `${DAYS[language][g.from]}${joiner}${DAYS[language][g.to]}`} ${g.label}`,
    )
    .join(" · ");
}

/** "Abrimos amanhã às 08:00." / "We open on Monday at 08:00."; null when always closed. */
function whenWeOpen(facts: AssistantFacts, language: Language): string | null {
  const next = nextOpening(facts.settings.serviceHours, facts.now);
  if (!next) return null;
  if (language === "en") {
    const day =
      next.daysAhead === 0
        ? "today"
        : next.daysAhead === 1
          ? "tomorrow"
          : `on ${DAY_NAMES.en[next.weekday]}`;
    return `We open ${day} at ${next.start}.`;
  }
  const day =
    next.daysAhead === 0
      ? "hoje"
      : next.daysAhead === 1
        ? "amanhã"
        : `${next.weekday === 0 || next.weekday === 6 ? "no" : "na"} ${DAY_NAMES.pt[next.weekday]}`;
  return `Abrimos ${day} às ${next.start}.`;
}

/** A closing line in the company's tone, for the answers the engine writes itself. */
const SIGN_OFF: Record<AssistantTone, Record<Language, string>> = {
  amigavel: { pt: "Qualquer coisa, é só chamar! 😊", en: "Anything else, just ask! 😊" },
  formal: { pt: "Permanecemos à disposição.", en: "We remain at your disposal." },
  descontraido: { pt: "Tamo junto! 🙌", en: "Catch you soon! 🙌" },
  profissional: { pt: "Estamos à disposição.", en: "We are here to help." },
};

function cardsAnswer(cards: CardFacts[], facts: AssistantFacts, language: Language): string {
  const pt = language === "pt";
  if (!facts.customer) {
    return pt
      ? `Não encontrei um cartão fidelidade de ${facts.settings.companyName} ligado a este número. Cadastre-se pelo QR code da loja para começar a juntar carimbos.`
      : `I could not find a ${facts.settings.companyName} loyalty card linked to this number. Sign up through the shop's QR code to start collecting stamps.`;
  }
  const open = cards.filter((c) => c.status !== "redeemed");
  if (open.length === 0) {
    return pt
      ? "Você ainda não tem um cartão ativo conosco. No seu próximo atendimento, peça seu carimbo!"
      : "You have no active card with us yet. Ask for your stamp on your next visit!";
  }
  return open
    .map((card) => {
      // The card is named by its programme ('Cartão Café'), as the customer knows it; the
      // reward is what it earns.
      if (card.status === "complete") {
        return pt
          ? `Seu cartão do programa "${card.programName}" está completo (${card.stampsRequired} de ${card.stampsRequired} carimbos): sua recompensa (${card.reward}) está esperando!`
          : `Your "${card.programName}" card is complete (${card.stampsRequired} of ${card.stampsRequired} stamps): your reward (${card.reward}) is waiting!`;
      }
      const left = card.stampsRequired - card.stamps;
      return pt
        ? `Você tem ${card.stamps} de ${card.stampsRequired} carimbos no programa "${card.programName}" (${left === 1 ? "falta 1" : `faltam ${left}`} para: ${card.reward}).`
        : `You have ${card.stamps} of ${card.stampsRequired} stamps on your "${card.programName}" card (${left} to go for: ${card.reward}).`;
    })
    .join("\n");
}

async function answerFor(
  intent: AssistantIntent,
  language: Language,
  facts: AssistantFacts,
  tools: Parameters<AssistantEngine["answer"]>[2],
): Promise<string | null> {
  const { settings } = facts;
  const pt = language === "pt";
  // Hours the owner never informed are not the company's: nothing is said about them (never
  // "closed"), and a question about them waits for a person.
  const open = !settings.hoursSet || isOpenAt(settings.serviceHours, facts.now);
  const signOff = SIGN_OFF[settings.tone][language];
  switch (intent) {
    case "greeting": {
      const closedNote = open ? null : closedLine(facts, language);
      return [settings.welcomeMessage, closedNote].filter(Boolean).join("\n");
    }
    case "hours": {
      if (!settings.hoursSet) return null;
      const week = describeHours(settings.serviceHours, language);
      const now = open
        ? pt
          ? "Estamos abertos agora."
          : "We are open now."
        : closedLine(facts, language);
      return `${pt ? "Nosso horário de atendimento" : "Our opening hours"}: ${week}.\n${now}\n${signOff}`;
    }
    case "stamps":
      return `${cardsAnswer(await tools.myCards(), facts, language)}\n${signOff}`;
    case "promotion": {
      const promotion = await tools.runningPromotion();
      if (!promotion) {
        return pt
          ? `No momento não temos uma promoção ativa, mas fique de olho! ${signOff}`
          : `There is no running promotion right now, but stay tuned! ${signOff}`;
      }
      const until = promotion.endsOn
        ? pt
          ? ` (até ${formatCalendarDate(promotion.endsOn)})`
          : ` (until ${formatCalendarDate(promotion.endsOn)})`
        : "";
      return `${pt ? "Promoção" : "Promotion"}: ${promotion.description}${until}\n${signOff}`;
    }
    case "order": {
      const links = [
        settings.deliveryUrl && `${pt ? "Delivery" : "Delivery"}: ${settings.deliveryUrl}`,
        settings.storeUrl && `${pt ? "Loja online" : "Online store"}: ${settings.storeUrl}`,
      ].filter(Boolean);
      return [settings.orderMessage, ...links].join("\n");
    }
    case "suggestion":
      return settings.suggestionMessage;
    case "complaint":
      return settings.complaintMessage;
    case "handover":
      // A person answers; out of hours the customer learns when the company opens.
      return open ? null : closedLine(facts, language);
  }
}

function closedLine(facts: AssistantFacts, language: Language): string {
  const pt = language === "pt";
  const when = whenWeOpen(facts, language);
  const closed = pt ? "No momento estamos fechados." : "We are closed right now.";
  return when ? `${closed} ${when}` : closed;
}

export const rulesEngine: AssistantEngine = {
  kind: "rules",
  async answer(message, facts, tools): Promise<AssistantAnswer> {
    const { intent, language } = detectIntent(message);
    return { intent, text: await answerFor(intent, language, facts, tools) };
  },
};
