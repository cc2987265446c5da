import type { SiteLanguage, SitePage } from "./site";

/**
 * Title and description of each public page per language: in the HTML the server sends (crawlers,
 * link previews) and in the tab when the visitor switches language.
 */
export type PageMeta = { title: string; description: string };

export const SITE_META: Record<SitePage, Record<SiteLanguage, PageMeta>> = {
  home: {
    "pt-BR": {
      title: "Carimbou — Cartões fidelidade digitais",
      description:
        "Carimbou: cartões fidelidade digitais para pequenos negócios. Seus clientes juntam carimbos pelo celular e trocam por recompensas.",
    },
    en: {
      title: "Carimbou — Digital loyalty cards",
      description:
        "Carimbou: digital loyalty stamp cards for small businesses. Your customers collect stamps on their phones and trade them for rewards.",
    },
  },
  companyLanding: {
    "pt-BR": {
      title: "Carimbou para Empresas — Cartão fidelidade digital com 30 dias grátis",
      description:
        "Troque o cartão de papel por um cartão fidelidade digital: QR code, carimbos por compra, nota fiscal, redes sociais e avaliação no Google, indicações e relatórios. 30 dias grátis, sem cartão.",
    },
    en: {
      title: "Carimbou for Businesses — Digital loyalty cards, 30 days free",
      description:
        "Replace paper punch cards with a digital loyalty card: QR code sign-up, stamps for purchases, receipts, social networks and Google reviews, referrals and reports. 30 days free, no card needed.",
    },
  },
  customerLanding: {
    "pt-BR": {
      title: "Carimbou para Clientes — Seus cartões fidelidade no celular, grátis",
      description:
        "Junte carimbos nas suas lojas favoritas pelo celular, acompanhe o progresso, descubra empresas perto de você e troque por recompensas. Grátis para sempre.",
    },
    en: {
      title: "Carimbou for Customers — Your loyalty cards on your phone, free",
      description:
        "Collect stamps at your favourite shops on your phone, follow your progress, discover businesses near you and trade stamps for rewards. Free forever.",
    },
  },
  aiLanding: {
    "pt-BR": {
      title:
        "IA Suprema do Carimbou — O robô de atendimento da sua empresa no WhatsApp e Instagram",
      description:
        "Um robô de IA da sua empresa que atende no WhatsApp e no Instagram, responde sozinho, envia promoções e lembretes e coleta reclamações e sugestões. Configuração em 10 minutos.",
    },
    en: {
      title: "Carimbou Supreme AI — Your business's assistant on WhatsApp and Instagram",
      description:
        "Your business's own AI assistant on WhatsApp and Instagram: it answers on its own, sends promotions and reminders and collects complaints and suggestions. Set up in 10 minutes.",
    },
  },
  help: {
    "pt-BR": {
      title: "Central de Ajuda — Carimbou",
      description:
        "Guias, perguntas frequentes e artigos sobre o Carimbou: cadastro, QR code, carimbos, recompensas, indicações e contato com o suporte.",
    },
    en: {
      title: "Help Centre — Carimbou",
      description:
        "Guides, frequently asked questions and articles about Carimbou: sign-up, QR code, stamps, rewards, referrals and how to reach support.",
    },
  },
  terms: {
    "pt-BR": {
      title: "Termos de Uso — Carimbou",
      description:
        "Termos de Uso do Carimbou: teste grátis de 30 dias, mensalidade, responsabilidades de empresas e clientes e foro de São Paulo.",
    },
    en: {
      title: "Terms of Use — Carimbou",
      description:
        "Carimbou's Terms of Use: 30-day free trial, monthly fee, responsibilities of businesses and customers, and the São Paulo venue.",
    },
  },
  privacy: {
    "pt-BR": {
      title: "Política de Privacidade — Carimbou",
      description:
        "Como o Carimbou trata seus dados pessoais, com quem os compartilha e como exercer seus direitos da LGPD: acesso, correção, exclusão, portabilidade e revogação do consentimento.",
    },
    en: {
      title: "Privacy Policy — Carimbou",
      description:
        "How Carimbou handles your personal data, who it shares it with, and how to exercise your LGPD rights: access, correction, deletion, portability and withdrawal of consent.",
    },
  },
  notFound: {
    "pt-BR": {
      title: "Página não encontrada — Carimbou",
      description: "O endereço que você abriu não existe ou foi movido.",
    },
    en: {
      title: "Page not found — Carimbou",
      description: "The address you opened does not exist or has moved.",
    },
  },
};
