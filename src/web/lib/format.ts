import { format, parseISO } from "date-fns";
import { ptBR } from "date-fns/locale";

type DateInput = Date | string;

const toDate = (value: DateInput) => (typeof value === "string" ? parseISO(value) : value);

/** dd/MM/yyyy. A date-only string (YYYY-MM-DD) is read as that calendar day. */
export function formatDate(value: DateInput): string {
  return format(toDate(value), "dd/MM/yyyy", { locale: ptBR });
}

/** dd/MM/yyyy - HH:mm, in the browser's time zone. */
export function formatDateTime(value: DateInput): string {
  return format(toDate(value), "dd/MM/yyyy - HH:mm", { locale: ptBR });
}

const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** Integer cents to reais: 3990 -> "R$ 39,90" (with a plain space, as the spec writes it). */
export function formatMoney(cents: number): string {
  return money.format(cents / 100).replace(/\s/g, " ");
}
