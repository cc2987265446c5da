import { PassThrough } from "node:stream";
import { formatSaoPauloDateTime } from "@shared/dates";
import { formatBrazilianMoney } from "@shared/money";
import {
  type ExportDataset,
  isFilteredReport,
  type MemberOrigin,
  type ReportFilter,
} from "@shared/reports.schema";
import type { StampMethod } from "@shared/stamps.schema";
import ExcelJS from "exceljs";
import type { Db } from "../../db/client";
import { csvHeaderLine, csvLines, csvValue } from "../../lib/csv";
import { log } from "../../lib/log";
import {
  cardExportRows,
  companyHasReferrals,
  type ExportRange,
  memberExportRows,
  messageExportRows,
  referralExportRows,
  stampExportRows,
} from "./exports.queries";

/**
 * /relatorios' downloads: each dataset as a CSV the way Excel in Brazil opens it (UTF-8 with BOM,
 * ';', CRLF, dates 'dd/MM/yyyy - HH:mm' in São Paulo time, text that a spreadsheet would run as a
 * formula prefixed with an apostrophe), or all of them as one .xlsx workbook, a sheet each. Both are
 * streamed a batch of rows at a time (exports.queries.ts): nothing is built in memory first.
 */

/** A cell: text, a number, or empty. */
type Cell = string | number | null;

type Sheet = {
  /** The sheet's name in the workbook. */
  title: string;
  header: string[];
  rows: (db: Db, companyId: string, range: ExportRange) => AsyncGenerator<Cell[][]>;
};

const ORIGIN_WORDS: Record<MemberOrigin, string> = {
  qrcode: "QR Code",
  company_link: "Link da empresa",
  referral: "Indicação",
  partnership: "Parceria",
  invited: "Convite",
  other: "Outro",
};

const METHOD_WORDS: Record<StampMethod, string> = {
  purchase: "Compra",
  receipt: "Nota fiscal",
  social: "Redes sociais",
  google_review: "Avaliação Google",
  birthday: "Aniversário",
  referral: "Indicação",
  import: "Cartão de papel (importado)",
};

/** Who gave a stamp the staff did not: the company's rules. */
const RULE_WORDS: Partial<Record<StampMethod, string>> = {
  birthday: "Regra de aniversário",
  referral: "Regra de indicação",
};

/** Who gave a self-stamp: the customer, at the counter screen's QR code. */
const SELF_SERVICE_WORDS = "Cliente (QR do balcão)";

const CARD_STATUS_WORDS = { active: "Ativo", complete: "Completo", redeemed: "Utilizado" };

const REFERRAL_STATE_WORDS = {
  pending: "Aguardando visita",
  qualified: "Visita feita",
  rewarded: "Recompensada",
  held: "Em análise",
  blocked: "Bloqueada",
};

const when = (date: Date | null) => (date ? formatSaoPauloDateTime(date) : null);
const stampsWord = (n: number) => `${n} ${n === 1 ? "carimbo" : "carimbos"}`;
const reward = (stamps: number, cents: number) =>
  cents > 0 ? `${stampsWord(stamps)} + R$ ${formatBrazilianMoney(cents)}` : stampsWord(stamps);

/**
 * Maps each batch of a dataset's rows to cells, reading the next batch while this one is written
 * (the database and the response work at the same time).
 */
async function* cells<T>(rows: AsyncGenerator<T[]>, map: (row: T) => Cell[]) {
  let next = rows.next();
  try {
    for (;;) {
      const batch = await next;
      if (batch.done) return;
      next = rows.next();
      // Should the reader stop early, the batch read ahead must not fail unhandled.
      next.catch(() => {});
      yield batch.value.map(map);
    }
  } finally {
    await rows.return(undefined);
  }
}

export const SHEETS: Record<ExportDataset, Sheet> = {
  membros: {
    title: "Membros",
    header: [
      "Nome",
      "E-mail",
      "Telefone",
      "Cidade",
      "Estado",
      "Origem",
      "Entrou em",
      "Status",
      "Carimbos no período",
    ],
    rows: (db, companyId, range) =>
      cells(memberExportRows(db, companyId, range), (r) => [
        r.name,
        r.email,
        r.phone,
        r.city,
        r.state,
        ORIGIN_WORDS[r.origin],
        when(r.joinedAt),
        r.status === "active" ? "Ativo" : "Inativo",
        r.stamps,
      ]),
  },
  cartoes: {
    title: "Cartões",
    header: [
      "Cliente",
      "Programa",
      "Carimbos",
      "Máximo",
      "Status",
      "Aberto em",
      "Completo em",
      "Resgatado em",
    ],
    rows: (db, companyId, range) =>
      cells(cardExportRows(db, companyId, range), (r) => [
        r.customer,
        r.program,
        r.stamps,
        r.maxStamps,
        CARD_STATUS_WORDS[r.status],
        when(r.createdAt),
        when(r.completedAt),
        when(r.redeemedAt),
      ]),
  },
  carimbos: {
    title: "Carimbos",
    header: ["Data", "Cliente", "Método", "Quantidade", "Quem deu", "Observações"],
    rows: (db, companyId, range) =>
      cells(stampExportRows(db, companyId, range), (r) => [
        when(r.approvedAt),
        r.customer,
        METHOD_WORDS[r.method],
        r.count,
        r.givenBy ?? (r.selfService ? SELF_SERVICE_WORDS : (RULE_WORDS[r.method] ?? null)),
        r.notes,
      ]),
  },
  mensagens: {
    title: "Mensagens",
    header: ["Data", "Cliente", "Mensagem", "Status", "Resposta"],
    rows: (db, companyId, range) =>
      cells(messageExportRows(db, companyId, range), (r) => [
        when(r.createdAt),
        r.customer,
        r.body,
        r.status === "answered" ? "Respondida" : "Pendente",
        r.reply,
      ]),
  },
  indicacoes: {
    title: "Indicações",
    header: ["Data", "Indicador", "Indicado", "Estado", "Carimbos/bônus"],
    rows: (db, companyId, range) =>
      cells(referralExportRows(db, companyId, range), (r) => [
        when(r.createdAt),
        r.referrer,
        r.referred,
        REFERRAL_STATE_WORDS[r.state],
        `Indicado: ${reward(r.referredStamps, r.referredBonusCents)}, indicador: ${reward(r.referrerStamps, r.referrerBonusCents)}`,
      ]),
  },
};

/** `carimbou-<name>-<from>_<to>.<ext>` */
export const exportFileName = (name: string, range: ExportRange, ext: "csv" | "xlsx") =>
  `carimbou-${name}-${range.from}_${range.to}.${ext}`;

/** A CSV cell: numbers as they are, text formula-safe and quoted when needed. */
const csvCell = (cell: Cell) => (typeof cell === "number" ? cell : csvValue(cell, true));

/** One dataset as a CSV stream: the header at once, then a batch of lines per pull. */
export function exportCsvStream(
  db: Db,
  companyId: string,
  dataset: ExportDataset,
  range: ExportRange,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const sheet = SHEETS[dataset];
  const batches = sheet.rows(db, companyId, range);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(csvHeaderLine(sheet.header)));
    },
    async pull(controller) {
      try {
        const next = await batches.next();
        if (next.done) return controller.close();
        controller.enqueue(encoder.encode(csvLines(next.value.map((r) => r.map(csvCell)))));
      } catch (error) {
        log.error(`The ${dataset} export failed:`, error);
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/**
 * The datasets of the workbook: every one, 'Indicações' only when the company has referrals and
 * the export is not narrowed to a member or a shop (referrals are no one's doing).
 */
export async function workbookDatasets(
  db: Db,
  companyId: string,
  filter: ReportFilter = {},
): Promise<ExportDataset[]> {
  const referrals = !isFilteredReport(filter) && (await companyHasReferrals(db, companyId));
  return (Object.keys(SHEETS) as ExportDataset[]).filter((d) => d !== "indicacoes" || referrals);
}

/** Resolves when the stream wants more, or is closed (the client went away). */
const drained = (stream: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.once("drain", done);
    stream.once("close", done);
  });

/**
 * The workbook as a stream: exceljs's streaming writer, each row committed as it is written (no
 * shared strings, so nothing accumulates), one sheet after the other. The next batch is read only
 * when the client has taken what was written (the PassThrough's backpressure).
 */
export function exportXlsxStream(
  db: Db,
  companyId: string,
  datasets: ExportDataset[],
  range: ExportRange,
): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = "Carimbou";
  let stopped = false;
  const write = async () => {
    for (const dataset of datasets) {
      const sheet = SHEETS[dataset];
      const worksheet = workbook.addWorksheet(sheet.title);
      worksheet.columns = sheet.header.map((header) => ({
        header,
        width: Math.max(12, header.length + 2),
      }));
      worksheet.getRow(1).font = { bold: true };
      worksheet.getRow(1).commit();
      for await (const batch of sheet.rows(db, companyId, range)) {
        if (stopped) return;
        for (const row of batch) worksheet.addRow(row).commit();
        if (output.writableNeedDrain) await drained(output);
      }
      worksheet.commit();
    }
    await workbook.commit();
  };
  const done = write().catch((error) => {
    log.error("The workbook export failed:", error);
    output.destroy(error as Error);
  });
  const chunks = output[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) {
          await done;
          return controller.close();
        }
        controller.enqueue(new Uint8Array(next.value as Buffer));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      stopped = true;
      output.destroy();
      await done;
    },
  });
}
