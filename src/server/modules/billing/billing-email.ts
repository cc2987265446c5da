import type { Plan } from "@shared/billing.schema";
import { formatCalendarDate } from "@shared/dates";
import type { Language } from "@shared/languages";
import { formatBrazilianMoney } from "@shared/money";
import { type BillingBody, billingContent } from "../../email/billing-email";
import { emailTexts, fill } from "../../email/texts";
import type { Mail } from "../mail/mail.service";

/** Billing's e-mails (trial ending, payment received, failed, overdue, refunded), pt-BR and en. */

type Base = { to: string; language: Language; companyName: string; url: string };
export type ChargeMail = Base & {
  plan: Plan;
  amountCents: number;
  /** yyyy-MM-dd. */
  dueDate: string;
};

const reais = (cents: number) => `R$ ${formatBrazilianMoney(cents)}`;
const date = (language: Language, day: string) =>
  language === "pt" ? formatCalendarDate(day) : day;
const texts = (language: Language) => emailTexts(language).billing;

/** The values every charge's texts fill in: the amount, the plan's name and the company. */
const chargeValues = (input: ChargeMail) => ({
  amount: reais(input.amountCents),
  plan: texts(input.language).plans[input.plan],
  company: input.companyName,
});

const mail = (input: Base, body: BillingBody): Mail => ({
  to: input.to,
  ...billingContent({ ...body, language: input.language, url: input.url }),
});

/** 'Seu teste termina em 7 dias' / 'amanhã': subscribe to keep the panel. */
export function trialEndingEmail(input: Base & { days: number; trialEndDay: string }): Mail {
  const t = texts(input.language).trialEnding;
  const when = input.days === 1 ? t.tomorrow : fill(t.inDays, { count: input.days });
  return mail(input, {
    subject: fill(t.subject, { when }),
    paragraphs: [
      fill(t.ends, {
        company: input.companyName,
        when,
        day: date(input.language, input.trialEndDay),
      }),
      t.subscribe,
    ],
    button: t.button,
  });
}

/** 'Pagamento recebido': the charge is paid, the panel runs until `paidUntilDay`. */
export function paymentReceivedEmail(input: ChargeMail & { paidUntilDay: string }): Mail {
  const t = texts(input.language).paymentReceived;
  const values = chargeValues(input);
  return mail(input, {
    subject: fill(t.subject, values),
    paragraphs: [
      fill(t.received, values),
      fill(t.paidUntil, { day: date(input.language, input.paidUntilDay) }),
    ],
    button: t.button,
  });
}

/** 'Pagamento não aprovado': the attempt failed; the charge waits for another one. */
export function paymentFailedEmail(input: ChargeMail): Mail {
  const t = texts(input.language).paymentFailed;
  return mail(input, {
    subject: t.subject,
    paragraphs: [fill(t.failed, chargeValues(input)), t.retry],
    button: t.button,
  });
}

/** 'Pagamento em atraso': the grace period, with the Pix code or the boleto link. */
export function paymentOverdueEmail(
  input: ChargeMail & { graceUntilDay: string; pixCode: string | null; boletoUrl: string | null },
): Mail {
  const t = texts(input.language).paymentOverdue;
  const due = date(input.language, input.dueDate);
  const paragraphs = [
    fill(t.overdue, { ...chargeValues(input), due }),
    fill(t.grace, { day: date(input.language, input.graceUntilDay) }),
  ];
  if (input.boletoUrl) paragraphs.push(fill(t.boleto, { url: input.boletoUrl }));
  return mail(input, {
    subject: t.subject,
    paragraphs,
    ...(input.pixCode ? { code: { label: t.pix, value: input.pixCode } } : {}),
    button: t.button,
  });
}

/** 'Pagamento estornado': the refunded period no longer counts. */
export function paymentRefundedEmail(input: ChargeMail): Mail {
  const t = texts(input.language).paymentRefunded;
  const due = date(input.language, input.dueDate);
  return mail(input, {
    subject: t.subject,
    paragraphs: [fill(t.refunded, { ...chargeValues(input), due }), t.period],
    button: t.button,
  });
}
