/**
 * The zip of a person's data ('Baixar meus dados', issue 34): `dados.json` (one object, every
 * section, ISO dates, the field names of personal-export-fields.ts), one CSV per section (dd/MM/yyyy
 * in São Paulo time, Excel pt-BR friendly: src/server/lib/csv.ts), `LEIA-ME.txt` (what each file
 * and field is, in pt-BR and English) and `arquivos/` with the files the person uploaded.
 */
import { formatCalendarDate, formatSaoPauloDateTime } from "@shared/dates";
import { strToU8, type Zippable, zipSync } from "fflate";
import type { Db } from "../../db/client";
import { type CsvCell, csvHeaderLine, csvLines, csvValue } from "../../lib/csv";
import {
  exportFilePath,
  type PersonalData,
  readClaimFiles,
  readPersonalData,
} from "./personal-export.queries";
import { EXPORT_SECTIONS, type ExportSection, type FieldKind } from "./personal-export-fields";

/** The version of dados.json's shape (a field renamed or removed is a new version). */
export const PERSONAL_EXPORT_FORMAT_VERSION = 1;

type Row = Record<string, unknown>;

const rowsOf = (data: PersonalData, section: ExportSection): Row[] => {
  const value = data[section.key] as Row | Row[];
  return Array.isArray(value) ? value : [value];
};

/** A value as dados.json writes it: dates in ISO 8601 (UTC), nothing undefined. */
const jsonValue = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value === undefined ? null : value;

/** One CSV cell: dd/MM/yyyy (- HH:mm, São Paulo), Sim/Não, R$ with a comma. */
function cell(value: unknown, kind: FieldKind): CsvCell {
  if (value === null || value === undefined) return "";
  switch (kind) {
    case "free":
      return csvValue(String(value), true);
    case "date":
      return csvValue(formatCalendarDate(String(value)));
    case "timestamp":
      return csvValue(
        formatSaoPauloDateTime(value instanceof Date ? value : new Date(String(value))),
      );
    case "boolean":
      return csvValue(value ? "Sim" : "Não");
    case "cents":
      return csvValue((Number(value) / 100).toFixed(2).replace(".", ","));
    case "list":
      return csvValue((value as string[]).join(", "), true);
    case "number":
      return csvValue(Number(value));
    default:
      return csvValue(String(value));
  }
}

/** dados.json: every section, each row with exactly its documented fields. */
export function personalDataJson(data: PersonalData, generatedAt: Date): string {
  const sections = Object.fromEntries(
    EXPORT_SECTIONS.map((section) => {
      const rows = rowsOf(data, section).map((row) =>
        Object.fromEntries(section.fields.map((f) => [f.key, jsonValue(row[f.key])])),
      );
      return [section.key, section.key === "profile" ? (rows[0] ?? null) : rows];
    }),
  );
  return `${JSON.stringify(
    {
      format: "carimbou-personal-data",
      version: PERSONAL_EXPORT_FORMAT_VERSION,
      generatedAt: generatedAt.toISOString(),
      ...sections,
    },
    null,
    2,
  )}\n`;
}

/** A section's CSV file: the BOM, the headers, one line per row. */
export function sectionCsv(data: PersonalData, section: ExportSection): string {
  const rows = rowsOf(data, section);
  return (
    csvHeaderLine(section.fields.map((f) => f.header)) +
    csvLines(rows.map((row) => section.fields.map((f) => cell(row[f.key], f.kind))))
  );
}

/** LEIA-ME.txt: what each file and field is, in pt-BR and then in English. */
export function readMe(generatedAt: Date): string {
  const when = formatSaoPauloDateTime(generatedAt);
  const pt = [
    "CARIMBOU - MEUS DADOS",
    "",
    `Cópia dos seus dados pessoais gerada em ${when} (horário de Brasília), conforme o art. 18 da LGPD (Lei 13.709/2018).`,
    "",
    "Arquivos:",
    "- dados.json: todos os dados num único arquivo, legível por máquina. Datas em ISO 8601 (UTC); valores em dinheiro em centavos.",
    "- arquivos CSV: os mesmos dados em planilhas (separador ';', UTF-8, datas dd/MM/aaaa no horário de Brasília, valores em R$), uma por seção abaixo.",
    "- arquivos/: os arquivos que você enviou nos pedidos de carimbo (notas fiscais, comprovantes).",
    "",
    ...EXPORT_SECTIONS.flatMap((s) => [
      `${s.csv} (dados.json: "${s.key}") - ${s.pt}`,
      ...s.fields.map((f) => `  - ${f.header} ("${f.key}"): ${f.pt}`),
      "",
    ]),
  ];
  const en = [
    "CARIMBOU - MY DATA",
    "",
    `A copy of your personal data made on ${when} (Brasília time), under art. 18 of Brazil's LGPD (Law 13,709/2018).`,
    "",
    "Files:",
    "- dados.json: all the data in one machine-readable file. Dates in ISO 8601 (UTC); amounts of money in cents.",
    "- CSV files: the same data as spreadsheets (';' separator, UTF-8, dates dd/MM/yyyy in Brasília time, amounts in R$), one per section below.",
    "- arquivos/: the files you uploaded with stamp requests (receipts).",
    "",
    ...EXPORT_SECTIONS.flatMap((s) => [
      `${s.csv} (dados.json: "${s.key}") - ${s.en}`,
      ...s.fields.map((f) => `  - ${f.header} ("${f.key}"): ${f.en}`),
      "",
    ]),
  ];
  return [...pt, "----------------------------------------", "", ...en].join("\r\n");
}

/** The zip of everything about the customer (null: no such customer any more). */
export async function buildPersonalExport(
  db: Db,
  userId: string,
  generatedAt: Date,
): Promise<Uint8Array | null> {
  const data = await readPersonalData(db, userId);
  if (!data) return null;
  const zip: Zippable = {
    "LEIA-ME.txt": [strToU8(readMe(generatedAt)), { level: 6 }],
    "dados.json": [strToU8(personalDataJson(data, generatedAt)), { level: 6 }],
  };
  for (const section of EXPORT_SECTIONS) {
    zip[section.csv] = [strToU8(sectionCsv(data, section)), { level: 6 }];
  }
  // The uploads (already compressed images and PDFs): stored as they are.
  for (const file of await readClaimFiles(db, userId)) {
    zip[exportFilePath(file.id, file.contentType)] = [new Uint8Array(file.data), { level: 0 }];
  }
  return zipSync(zip, { mtime: generatedAt });
}
