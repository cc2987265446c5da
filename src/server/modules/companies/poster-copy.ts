import type { Locale } from "@shared/languages";

/**
 * The poster's words ('Baixar cartaz'), in the company's language: pt-BR unless its owner chose
 * English. The PDF is a printed thing, so its texts live with it rather than in the web's locales.
 */
export type PosterCopy = {
  /** Above the reward, e.g. 'CARTÃO FIDELIDADE'. */
  kicker: string;
  /** 'Junte 8 carimbos e ganhe 1 café expresso'. */
  reward: (stampsRequired: number, reward: string) => string;
  /** Above the short link, for a phone that does not read QR codes. */
  linkLead: string;
  steps: readonly [string, string, string];
  footer: string;
  /** The PDF's title (its metadata): 'Cartaz – Café do Ponto'. */
  title: (tradeName: string) => string;
};

const PT: PosterCopy = {
  kicker: "CARTÃO FIDELIDADE",
  reward: (n, reward) => `Junte ${n} ${n === 1 ? "carimbo" : "carimbos"} e ganhe ${reward}`,
  linkLead: "Sem câmera? Digite no navegador:",
  steps: [
    "Aponte a câmera do celular para o QR code",
    "Crie sua conta em segundos, sem baixar aplicativo",
    "Ganhe carimbos a cada visita e troque pelo prêmio",
  ],
  footer: "Cartão fidelidade digital Carimbou",
  title: (name) => `Cartaz – ${name}`,
};

const EN: PosterCopy = {
  kicker: "LOYALTY CARD",
  reward: (n, reward) => `Collect ${n} ${n === 1 ? "stamp" : "stamps"} and get ${reward}`,
  linkLead: "No camera? Type in your browser:",
  steps: [
    "Point your phone's camera at the QR code",
    "Create your account in seconds, no app to install",
    "Collect a stamp on every visit and claim your reward",
  ],
  footer: "Carimbou digital loyalty card",
  title: (name) => `Poster – ${name}`,
};

export const posterCopy = (locale: Locale): PosterCopy => (locale === "en" ? EN : PT);
