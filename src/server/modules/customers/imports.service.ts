/**
 * An import's life on the company's side: the file read and checked into a preview (stored, nothing
 * sent), 'Importar' (confirm: the `customer-import` job queued in the same transaction), the
 * preview thrown away, and the result file. The job's work is in import-invitations.ts.
 */
import { randomUUID } from "node:crypto";
import {
  IMPORT_MAX_BYTES,
  type ImportOutcome,
  type ImportPreview,
  type ImportRowError,
  type ImportSkipReason,
} from "@shared/customer-imports";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { insertJsonRows } from "../../db/json-insert";
import { AppError } from "../../errors";
import { csvHeaderLine, csvLines, csvValue } from "../../lib/csv";
import { log } from "../../lib/log";
import { enqueueJob } from "../jobs/jobs.service";
import { findDefaultProgram } from "../programs/programs.queries";
import { readImportFile } from "./import-file";
import { type CheckedRow, checkRows } from "./import-rows";
import { findImport, getImportPreview, importRowBatches } from "./imports.queries";
import { customerImportRows, customerImports } from "./imports.table";

/** The job that invites an import's valid rows (flows/import-customers.ts). */
export const CUSTOMER_IMPORT_JOB = "customer-import";

export const importFileTooLarge = () =>
  new AppError("import_file_too_large", 413, "The file is larger than 10 MB.");

const notPreview = () =>
  new AppError("import_not_preview", 409, "The import was already confirmed.");

/** A file name as shown back: one line, bounded. */
function cleanFileName(name: string | undefined): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes
  const clean = (name ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean.slice(0, 200) || "importacao.csv";
}

/**
 * 'Importar' → the file: read, every row checked, and the preview stored (the batch and all its
 * rows in one transaction: nothing half-stored). Nothing is sent. Refusals: 413
 * `import_file_too_large`, 422 `import_file_type`, `import_file_unreadable`, `import_file_empty`,
 * `import_too_many_rows`, `import_columns_missing`, `import_program_required`.
 */
export async function createImport(
  db: Db,
  actor: { companyId: string; userId: string },
  file: { name?: string; bytes: Uint8Array },
): Promise<ImportPreview> {
  if (file.bytes.length > IMPORT_MAX_BYTES) throw importFileTooLarge();
  const program = await findDefaultProgram(db, actor.companyId).catch(() => null);
  if (!program || program.archivedAt) {
    throw new AppError(
      "import_program_required",
      422,
      "The company needs an active default programme to hold the imported stamps.",
    );
  }
  const sheet = await readImportFile(file.bytes);
  const { columns, rows } = checkRows(sheet, program.stampsRequired);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(customerImports).values({
      id,
      companyId: actor.companyId,
      createdBy: actor.userId,
      fileName: cleanFileName(file.name),
      status: "preview",
      totalRows: rows.length,
      validRows: rows.filter((r) => r.errors.length === 0).length,
    });
    await insertJsonRows(
      tx,
      customerImportRows,
      rows.map((r: CheckedRow) => ({ importId: id, ...r })),
    );
  });
  return getImportPreview(db, actor.companyId, id, columns);
}

/**
 * 'Importar' in the preview: the batch queued and its job enqueued in one transaction (202). A
 * failed batch may be confirmed again: the job goes on from the rows not yet handled. 409
 * `import_not_preview` once confirmed; 422 `import_nothing_valid` without a valid row.
 */
export async function confirmImport(db: Db, companyId: string, id: string) {
  const record = await findImport(db, companyId, id);
  if (record.status !== "preview" && record.status !== "failed") throw notPreview();
  if (record.validRows === 0) {
    throw new AppError("import_nothing_valid", 422, "The file has no valid row to import.");
  }
  await db.transaction(async (tx) => {
    const [queued] = await tx
      .update(customerImports)
      .set({ status: "queued", confirmedAt: record.confirmedAt ?? new Date(), finishedAt: null })
      .where(
        and(
          eq(customerImports.id, id),
          eq(customerImports.companyId, companyId),
          inArray(customerImports.status, ["preview", "failed"]),
        ),
      )
      .returning({ id: customerImports.id });
    // Confirmed by another request meanwhile.
    if (!queued) throw notPreview();
    await enqueueJob(tx, CUSTOMER_IMPORT_JOB, { importId: id });
  });
  const preview = await getImportPreview(db, companyId, id);
  return preview.import;
}

/** Throws away a preview (nothing was sent); 409 `import_not_preview` once confirmed. */
export async function deleteImport(db: Db, companyId: string, id: string) {
  const record = await findImport(db, companyId, id);
  if (record.status !== "preview") throw notPreview();
  const deleted = await db
    .delete(customerImports)
    .where(
      and(
        eq(customerImports.id, id),
        eq(customerImports.companyId, companyId),
        eq(customerImports.status, "preview"),
      ),
    )
    .returning({ id: customerImports.id });
  if (deleted.length === 0) throw notPreview();
}

// ---------------------------------------------------------------------------------------------
// The result file

const ERROR_TEXTS: Record<ImportRowError, string> = {
  name_required: "nome em branco",
  name_too_long: "nome longo demais",
  contact_required: "sem e-mail nem telefone",
  email_invalid: "e-mail inválido",
  phone_invalid: "telefone inválido",
  birth_date_invalid: "data de nascimento inválida",
  city_too_long: "cidade longa demais",
  state_invalid: "estado inválido",
  stamps_invalid: "carimbos não é um número inteiro",
  stamps_negative: "carimbos negativos",
  stamps_over_size: "mais carimbos do que o cartão comporta",
  duplicate_in_file: "repetido no arquivo",
  formula_not_allowed: "fórmula na célula",
};

const OUTCOME_TEXTS: Record<ImportOutcome, string> = {
  invited: "convite enviado",
  scheduled: "convite agendado",
  code: "código de convite",
  skipped: "não enviado",
};

const REASON_TEXTS: Record<ImportSkipReason, string> = {
  already_customer: "já é cliente",
  already_invited: "já convidado",
  declined: "recusou um convite antes",
};

export const RESULT_CSV_HEADER = [
  "linha",
  "nome",
  "email",
  "telefone",
  "carimbos",
  "resultado",
  "motivo",
];

type ResultRow = {
  line: number;
  name: string | null;
  email: string | null;
  phone: string | null;
  stamps: number;
  errors: ImportRowError[];
  outcome: ImportOutcome | null;
  reason: ImportSkipReason | null;
  code: string | null;
};

/** One line of the result file (pt-BR words; typed text escaped against formulas). */
function resultCells(row: ResultRow) {
  const [result, why] =
    row.errors.length > 0
      ? ["erro", row.errors.map((e) => ERROR_TEXTS[e]).join(", ")]
      : row.outcome === null
        ? ["pendente", ""]
        : [
            OUTCOME_TEXTS[row.outcome],
            row.reason
              ? REASON_TEXTS[row.reason]
              : row.code
                ? `código ${row.code.slice(0, 4)}-${row.code.slice(4)}`
                : "",
          ];
  return [
    row.line,
    csvValue(row.name, true),
    csvValue(row.email, true),
    csvValue(row.phone, true),
    row.stamps,
    result,
    why,
  ];
}

/**
 * GET …/result: every line of the file with what became of it, UTF-8 with BOM, `;`-separated for
 * Excel pt-BR, a batch of rows at a time.
 */
export async function importResultCsv(db: Db, companyId: string, id: string) {
  const record = await findImport(db, companyId, id);
  const encoder = new TextEncoder();
  const batches = importRowBatches(db, record.id);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // csvHeaderLine starts with the BOM itself.
      controller.enqueue(encoder.encode(csvHeaderLine(RESULT_CSV_HEADER)));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(csvLines(next.value.map(resultCells))));
      } catch (error) {
        log.error("The import's result file failed:", error);
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return {
    stream,
    fileName: `resultado-importacao-${record.createdAt.toISOString().slice(0, 10)}.csv`,
  };
}
