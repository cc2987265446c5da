/**
 * Importing paper-card customers (flow: decision 022), issue 31: the job `customer-import`
 * (customers: the invitations and the rows' outcomes; mail: the invitation e-mails through the
 * outbox) and the phone-only rows' codes with the company's WhatsApp link (customers, assistant:
 * whether the channel is connected).
 */
import type { ImportCode } from "@shared/customer-imports";
import type { Db } from "../db/client";
import { log } from "../lib/log";
import { channelRow } from "../modules/assistant/channel-settings";
import { whatsappChannel } from "../modules/assistant/whatsapp.adapter";
import { findPublicCompany } from "../modules/companies/companies.queries";
import { sendScheduledInvitations } from "../modules/customers/import-daily-limit";
import {
  type ImportJobDeps,
  listUnfinishedImports,
  runImport,
} from "../modules/customers/import-invitations";
import { findImport, listCodeRows } from "../modules/customers/imports.queries";
import { CUSTOMER_IMPORT_JOB } from "../modules/customers/imports.service";
import type { JobDefinition } from "../modules/jobs/jobs.service";

/**
 * A confirmed import (`{ importId }`, enqueued by 'Importar'), run to its end. The daily run (no
 * data) sends the invitations scheduled for later days within each company's daily limit, and
 * resumes any import left unfinished (its retries spent, or a server stopped mid-way).
 */
export async function customerImportJob(deps: ImportJobDeps, data: unknown) {
  const importId = (data as { importId?: unknown } | null)?.importId;
  if (typeof importId === "string") return runImport(deps, importId);
  let resumed = 0;
  for (const id of await listUnfinishedImports(deps.db)) {
    await runImport(deps, id).catch((error) =>
      log.error(`[customer-import] import ${id} failed again:`, error),
    );
    resumed++;
  }
  const { sent } = await sendScheduledInvitations(deps);
  return { resumed, sent };
}

/** Imports: enqueued on confirm; every day at 09:00 (São Paulo) the scheduled e-mails go out. */
export const CUSTOMER_IMPORT_JOB_DEFINITION: JobDefinition<ImportJobDeps> = {
  name: CUSTOMER_IMPORT_JOB,
  cron: "0 9 * * *",
  handler: (deps, _now, data) => customerImportJob(deps, data),
  // A 20,000-row import is 40 chunks of about 0.1 s (docs/performance.md); an hour leaves room.
  expireInSeconds: 60 * 60,
  // A confirmed import starts within 2 s (a job with a cron would otherwise look every 10 s).
  pollingIntervalSeconds: 2,
};

const formatCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * GET /api/customers/imports/{id}/codes: the phone-only rows' codes for the printable list, with
 * the link to accept and, when the company's WhatsApp channel is connected, a wa.me link that
 * opens a chat with the person with the invitation written.
 */
export async function listImportCodes(
  deps: { db: Db; appUrl: string },
  companyId: string,
  importId: string,
): Promise<ImportCode[]> {
  const { db, appUrl } = deps;
  await findImport(db, companyId, importId);
  const rows = await listCodeRows(db, importId);
  if (rows.length === 0) return [];
  const whatsapp = (await channelRow(db, whatsappChannel, companyId)) !== null;
  const companyName = (await findPublicCompany(db, companyId))?.tradeName ?? "";
  return rows.map((row) => {
    const code = formatCode(row.code!);
    const url = `${appUrl}/convite?codigo=${code}`;
    const digits = (row.phone ?? "").replace(/\D/g, "");
    const text = [
      `Olá, ${row.name ?? ""}! ${companyName} convidou você para o cartão fidelidade no Carimbou.`,
      row.stamps > 0
        ? `Você já tem ${row.stamps} ${row.stamps === 1 ? "carimbo esperando" : "carimbos esperando"} por você.`
        : "",
      `Use o código ${code} em ${url}`,
    ]
      .filter(Boolean)
      .join(" ");
    return {
      line: row.line,
      name: row.name ?? "",
      phone: row.phone ?? "",
      code,
      url,
      whatsappUrl:
        whatsapp && digits ? `https://wa.me/55${digits}?text=${encodeURIComponent(text)}` : null,
      accepted: row.acceptedAt !== null,
    };
  });
}
