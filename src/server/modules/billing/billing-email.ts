import type { Plan } from "@shared/billing.schema";
import { formatCalendarDate } from "@shared/dates";
import { type Language, toLocale } from "@shared/languages";
import { formatBrazilianMoney } from "@shared/money";
import { escapeHtml, type Mail } from "../mail/mail.service";

/** Billing's e-mails (trial ending, payment received, failed, overdue, refunded), pt-BR and en. */

type Base = { to: string; language: Language; companyName: string; url: string };
export type ChargeMail = Base & {
  plan: Plan;
  amountCents: number;
  /** yyyy-MM-dd. */
  dueDate: string;
};

const PLAN_NAMES: Record<Language, Record<Plan, string>> = {
  pt: { pro: "Pro", supreme: "Supremo com IA" },
  en: { pro: "Pro", supreme: "Supreme with AI" },
};
const reais = (cents: number) => `R$ ${formatBrazilianMoney(cents)}`;
const date = (language: Language, day: string) =>
  language === "pt" ? formatCalendarDate(day) : day;

type Body = {
  subject: string;
  paragraphs: string[];
  /** A code to copy (Pix 'copia e cola'). */
  code?: { label: string; value: string };
  button: string;
};

const COMMON = {
  pt: { copy: "Ou copie este link no navegador:", team: "Equipe Carimbou", hello: "Olá!" },
  en: { copy: "Or copy this link into your browser:", team: "The Carimbou team", hello: "Hello!" },
} as const;

function render(input: Base, body: Body): Mail {
  const t = COMMON[input.language];
  const url = escapeHtml(input.url);
  const text = [
    t.hello,
    "",
    ...body.paragraphs.flatMap((p) => [p, ""]),
    ...(body.code ? [body.code.label, body.code.value, ""] : []),
    input.url,
    "",
    t.team,
  ].join("\n");
  const code = body.code
    ? `<p>${escapeHtml(body.code.label)}<br><code style="word-break:break-all">${escapeHtml(body.code.value)}</code></p>\n`
    : "";
  return {
    to: input.to,
    subject: body.subject,
    text,
    html: `<!doctype html><html lang="${toLocale(input.language)}"><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${t.hello}</p>
${body.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${code}<p><a href="${url}" style="display:inline-block;background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(body.button)}</a></p>
<p>${t.copy}<br><a href="${url}">${url}</a></p>
<p>${t.team}</p>
</body></html>`,
  };
}

/** 'Seu teste termina em 7 dias' / 'amanhã': subscribe to keep the panel. */
export function trialEndingEmail(input: Base & { days: number; trialEndDay: string }): Mail {
  const when = date(input.language, input.trialEndDay);
  if (input.language === "en") {
    const inDays = input.days === 1 ? "tomorrow" : `in ${input.days} days`;
    return render(input, {
      subject: `Your Carimbou trial ends ${inDays}`,
      paragraphs: [
        `The free trial of ${input.companyName} on Carimbou ends ${inDays} (${when}).`,
        "Subscribe to a plan to keep changing your cards, customers and settings. Stamping and redemption keep working either way. Nothing is charged before the trial ends.",
      ],
      button: "Choose a plan",
    });
  }
  const inDays = input.days === 1 ? "amanhã" : `em ${input.days} dias`;
  return render(input, {
    subject: `Seu teste do Carimbou termina ${inDays}`,
    paragraphs: [
      `O período de teste gratuito da ${input.companyName} no Carimbou termina ${inDays} (${when}).`,
      "Assine um plano para continuar alterando cartões, clientes e configurações. Carimbos e resgates continuam funcionando de qualquer forma. Nada é cobrado antes do fim do teste.",
    ],
    button: "Escolher um plano",
  });
}

/** 'Pagamento recebido': the charge is paid, the panel runs until `paidUntilDay`. */
export function paymentReceivedEmail(input: ChargeMail & { paidUntilDay: string }): Mail {
  const plan = PLAN_NAMES[input.language][input.plan];
  const amount = reais(input.amountCents);
  const until = date(input.language, input.paidUntilDay);
  if (input.language === "en") {
    return render(input, {
      subject: `Payment received: Carimbou ${plan}`,
      paragraphs: [
        `We received ${amount} for the ${plan} plan of ${input.companyName}. Thank you!`,
        `Your plan is paid until ${until}.`,
      ],
      button: "See my plan",
    });
  }
  return render(input, {
    subject: `Pagamento recebido: Carimbou ${plan}`,
    paragraphs: [
      `Recebemos ${amount} do plano ${plan} da ${input.companyName}. Obrigado!`,
      `Seu plano está pago até ${until}.`,
    ],
    button: "Ver meu plano",
  });
}

/** 'Pagamento não aprovado': the attempt failed; the charge waits for another one. */
export function paymentFailedEmail(input: ChargeMail): Mail {
  const plan = PLAN_NAMES[input.language][input.plan];
  const amount = reais(input.amountCents);
  if (input.language === "en") {
    return render(input, {
      subject: "Payment not approved: Carimbou",
      paragraphs: [
        `The payment of ${amount} for the ${plan} plan of ${input.companyName} was not approved.`,
        "Try again, or pay by Pix or boleto from your plan page.",
      ],
      button: "Pay now",
    });
  }
  return render(input, {
    subject: "Pagamento não aprovado: Carimbou",
    paragraphs: [
      `O pagamento de ${amount} do plano ${plan} da ${input.companyName} não foi aprovado.`,
      "Tente novamente, ou pague por Pix ou boleto na página do seu plano.",
    ],
    button: "Pagar agora",
  });
}

/** 'Pagamento em atraso': the grace period, with the Pix code or the boleto link. */
export function paymentOverdueEmail(
  input: ChargeMail & { graceUntilDay: string; pixCode: string | null; boletoUrl: string | null },
): Mail {
  const plan = PLAN_NAMES[input.language][input.plan];
  const amount = reais(input.amountCents);
  const due = date(input.language, input.dueDate);
  const grace = date(input.language, input.graceUntilDay);
  const en = input.language === "en";
  const paragraphs = en
    ? [
        `The charge of ${amount} for the ${plan} plan of ${input.companyName}, due on ${due}, is overdue.`,
        `Your panel keeps working until ${grace}; after that it becomes read-only until the payment (stamping and redemption keep working).`,
      ]
    : [
        `A cobrança de ${amount} do plano ${plan} da ${input.companyName}, com vencimento em ${due}, está em atraso.`,
        `Seu painel continua funcionando até ${grace}; depois disso, fica somente leitura até o pagamento (carimbos e resgates continuam funcionando).`,
      ];
  if (input.boletoUrl) {
    paragraphs.push(en ? `Boleto: ${input.boletoUrl}` : `Boleto: ${input.boletoUrl}`);
  }
  return render(input, {
    subject: en ? "Payment overdue: Carimbou" : "Pagamento em atraso: Carimbou",
    paragraphs,
    ...(input.pixCode
      ? {
          code: {
            label: en ? "Pix copy-and-paste code:" : "Pix copia e cola:",
            value: input.pixCode,
          },
        }
      : {}),
    button: en ? "Pay now" : "Pagar agora",
  });
}

/** 'Pagamento estornado': the refunded period no longer counts. */
export function paymentRefundedEmail(input: ChargeMail): Mail {
  const plan = PLAN_NAMES[input.language][input.plan];
  const amount = reais(input.amountCents);
  const due = date(input.language, input.dueDate);
  if (input.language === "en") {
    return render(input, {
      subject: "Payment refunded: Carimbou",
      paragraphs: [
        `The payment of ${amount} for the ${plan} plan of ${input.companyName} (due on ${due}) was refunded.`,
        "The period it paid for no longer counts.",
      ],
      button: "See my plan",
    });
  }
  return render(input, {
    subject: "Pagamento estornado: Carimbou",
    paragraphs: [
      `O pagamento de ${amount} do plano ${plan} da ${input.companyName} (vencimento em ${due}) foi estornado.`,
      "O período que ele pagava deixa de valer.",
    ],
    button: "Ver meu plano",
  });
}
