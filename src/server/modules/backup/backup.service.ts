import { formatCalendarDate, formatSaoPauloDateTime, saoPauloDate } from "@shared/dates";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { type CsvCell, csvHeaderLine, csvLines, csvValue } from "../../lib/csv";
import { log } from "../../lib/log";
import { findPublicCompany } from "../companies/companies.queries";
import { type FileWalkKey, nextCompanyFile } from "../files/files.service";
import { DATASETS, type Kind } from "./backup.queries";
import { filePath } from "./files-backup.queries";

// ---------------------------------------------------------------------------------------------
// The export: a zip of one JSON and one CSV file per kind of row, streamed a batch at a time
// (the datasets and their reads: backup.queries.ts)
// ---------------------------------------------------------------------------------------------

/** One CSV cell, formatted as the customers CSV does (dd/MM/yyyy, R$ amounts with a comma). */
function cell(value: unknown, kind: Kind): CsvCell {
  if (value === null || value === undefined) return "";
  switch (kind) {
    case "free":
      return csvValue(String(value), true);
    case "date":
      return csvValue(formatCalendarDate(String(value).slice(0, 10)));
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
    default:
      return csvValue(String(value));
  }
}

/** The company's name as a file-name part: lower case, no accents, words joined by '-'. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/g, "");
  return slug || "empresa";
}

/** `carimbou-backup-<slug>-<yyyy-MM-dd>.zip` (the São Paulo day of `at`). */
export function backupFileName(tradeName: string, at: Date): string {
  return `carimbou-backup-${slugify(tradeName)}-${saoPauloDate(at)}.zip`;
}

/** The company's trade name, for the file name (404 should it have gone). */
export async function companyTradeName(db: Db, companyId: string): Promise<string> {
  const company = await findPublicCompany(db, companyId);
  if (!company) throw new AppError("not_found", 404, "Company not found");
  return company.tradeName;
}

const encoder = new TextEncoder();

/**
 * Every step of the export, one small piece at a time: for each dataset its JSON file then its CSV
 * file (each read in batches of BATCH_SIZE rows), then the uploaded files one by one. Each step
 * pushes into the zip, whose output goes straight to the response.
 */
async function* exportSteps(db: Db, companyId: string, zip: Zip): AsyncGenerator<void> {
  for (const dataset of DATASETS) {
    const json = new ZipDeflate(`${dataset.name}.json`, { level: 6 });
    zip.add(json);
    json.push(encoder.encode("[\n"));
    let first = true;
    for await (const rows of dataset.batches(db, companyId)) {
      if (rows.length === 0) continue;
      const text = rows.map((r) => JSON.stringify(r)).join(",\n");
      json.push(encoder.encode(first ? text : `,\n${text}`));
      first = false;
      yield;
    }
    json.push(encoder.encode("\n]\n"), true);
    yield;

    const csv = new ZipDeflate(`${dataset.name}.csv`, { level: 6 });
    zip.add(csv);
    csv.push(encoder.encode(csvHeaderLine(dataset.columns.map((c) => c.header))));
    for await (const rows of dataset.batches(db, companyId)) {
      const lines = csvLines(rows.map((r) => dataset.columns.map((c) => cell(r[c.key], c.kind))));
      csv.push(encoder.encode(lines));
      yield;
    }
    csv.push(new Uint8Array(0), true);
    yield;
  }

  // The uploads themselves (already compressed images: stored as they are), one at a time.
  let after: FileWalkKey | null = null;
  for (;;) {
    const file = await nextCompanyFile(db, companyId, after);
    if (!file) break;
    after = { createdAt: file.createdAt, id: file.id };
    const entry = new ZipPassThrough(filePath(file.id, file.contentType));
    zip.add(entry);
    entry.push(new Uint8Array(file.data), true);
    yield;
  }
}

/**
 * The zip of the company's data (the manual download and the scheduled backups write the same
 * one); `onFinished` runs once the last byte is out, before the stream closes.
 */
export function companyZipStream(
  db: Db,
  companyId: string,
  onFinished: () => Promise<void> = async () => {},
): ReadableStream<Uint8Array> {
  let zip: Zip;
  let steps: AsyncGenerator<void>;
  let finished = false;
  let written = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) {
          controller.error(error);
          return;
        }
        if (chunk.length > 0) {
          controller.enqueue(chunk);
          written += 1;
        }
        if (final) finished = true;
      });
      steps = exportSteps(db, companyId, zip);
    },
    async pull(controller) {
      try {
        // Work until something was written: a pull that enqueues nothing is not called again.
        const before = written;
        for (;;) {
          const next = await steps.next();
          if (next.done) break;
          if (written > before) return;
        }
        zip.end();
        if (!finished) throw new Error("The zip did not finish");
        await onFinished();
        controller.close();
      } catch (error) {
        log.error("The backup export failed:", error);
        controller.error(error);
      }
    },
    async cancel() {
      zip.terminate();
      await steps.return(undefined);
    },
  });
}
