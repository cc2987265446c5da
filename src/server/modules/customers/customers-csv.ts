import type { CustomerRow } from "@shared/customers.schema";
import { formatCalendarDate, formatSaoPauloDate } from "@shared/dates";
import { csvLine, csvValue } from "../../lib/csv";

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

/** A customer as a line of the customers CSV (free text escaped against formulas: lib/csv.ts). */
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
