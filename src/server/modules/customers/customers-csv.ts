import type { CustomerRow } from "@shared/customers.schema";
import { formatCalendarDate, formatSaoPauloDate } from "@shared/dates";

/** Spreadsheets in Brazil (Excel pt-BR) read ';' as the separator and need the BOM for UTF-8. */
export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";

export const CUSTOMER_CSV_HEADER = [
  "ID",
  "Nome",
  "Email",
  "Telefone",
  "Cidade",
  "Estado",
  "Aniversário",
  "Cartões",
  "Cartões Completos",
  "Carimbos Atuais",
  "Status",
  "Mensagens",
  "Mensagens Novas",
  "Cadastro",
  "Observações",
  "Parceiro de origem",
];

/**
 * One value: quoted when it holds the separator, a quote or a line break (quotes doubled). Free
 * text that a spreadsheet would run as a formula (= + - @ at the start) gets a leading apostrophe:
 * names, notes and phones too ("+55 11..." is a formula to Excel; phones are typed free-form).
 */
export function csvValue(value: string | number | null | undefined, freeText = false): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (freeText && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (values: string[]) => `${values.join(CSV_SEPARATOR)}\r\n`;

export function customerCsvLine(row: CustomerRow & { notes: string | null }): string {
  return csvLine([
    csvValue(row.id),
    csvValue(row.name, true),
    csvValue(row.email, true),
    csvValue(row.phone, true),
    csvValue(row.city, true),
    csvValue(row.state),
    csvValue(row.birthDate ? formatCalendarDate(row.birthDate) : ""),
    csvValue(row.totalCards),
    csvValue(row.completedCards),
    csvValue(row.currentStamps),
    csvValue(row.status === "active" ? "Ativo" : "Inativo"),
    csvValue(row.messages),
    csvValue(row.pendingMessages),
    csvValue(formatSaoPauloDate(new Date(row.joinedAt))),
    csvValue(row.notes, true),
    // The partner company that sent the customer (its partnership link), by its trade name.
    csvValue(row.partnerOrigin, true),
  ]);
}
