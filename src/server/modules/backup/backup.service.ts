import { and, asc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import {
  DEFAULT_BACKUP_FREQUENCY,
  DEFAULT_RETENTION_MONTHS,
  type SystemSettings,
  type UpdateSystemSettings,
} from "../../../shared/settings.schema";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { profiles } from "../auth/profiles.table";
import { loyaltyCards } from "../cards/cards.table";
import { companies } from "../companies/companies.table";
import { CSV_BOM, csvLine, csvValue } from "../customers/customers-csv";
import { memberships } from "../customers/memberships.table";
import { files } from "../files/files.table";
import { interestReplies, interests } from "../interests/interests.table";
import { customerMessages } from "../messages/messages.table";
import { programs } from "../programs/programs.table";
import { companySettings } from "../settings/settings.table";
import { stamps } from "../stamps/stamps.table";

// ---------------------------------------------------------------------------------------------
// 'Sistema' settings
// ---------------------------------------------------------------------------------------------

/** The company's backup frequency, retention and last backup (defaults when it has no record). */
export async function getSystemSettings(db: Db, companyId: string): Promise<SystemSettings> {
  const [row] = await db
    .select({
      backupFrequency: companySettings.backupFrequency,
      retentionMonths: companySettings.retentionMonths,
      lastBackupAt: companySettings.lastBackupAt,
    })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId))
    .limit(1);
  if (!row) {
    return {
      backupFrequency: DEFAULT_BACKUP_FREQUENCY,
      retentionMonths: DEFAULT_RETENTION_MONTHS,
      lastBackupAt: null,
    };
  }
  return {
    backupFrequency: row.backupFrequency,
    retentionMonths: row.retentionMonths === 12 ? 12 : 24,
    lastBackupAt: row.lastBackupAt?.toISOString() ?? null,
  };
}

/** Saves frequency and retention (creating the record on the first save). */
export async function updateSystemSettings(
  db: Db,
  companyId: string,
  input: UpdateSystemSettings,
): Promise<SystemSettings> {
  const now = new Date();
  await db
    .insert(companySettings)
    .values({ companyId, ...input, updatedAt: now })
    .onConflictDoUpdate({
      target: companySettings.companyId,
      set: {
        backupFrequency: input.backupFrequency,
        retentionMonths: input.retentionMonths,
        updatedAt: now,
      },
    });
  return getSystemSettings(db, companyId);
}

async function markBackupDone(db: Db, companyId: string, at: Date): Promise<void> {
  await db
    .insert(companySettings)
    .values({ companyId, lastBackupAt: at })
    .onConflictDoUpdate({ target: companySettings.companyId, set: { lastBackupAt: at } });
}

// ---------------------------------------------------------------------------------------------
// The export: a zip of one JSON and one CSV file per kind of row, streamed a batch at a time
// ---------------------------------------------------------------------------------------------

/** Rows read per query while exporting. */
const BATCH_SIZE = 1000;

type Kind = "text" | "free" | "date" | "timestamp" | "boolean" | "number" | "cents" | "list";
type Row = Record<string, unknown>;
type Column = { key: string; header: string; kind: Kind };

/** One kind of row of the company: its files' name, CSV columns and how to read it in batches. */
type Dataset = {
  name: string;
  columns: Column[];
  batches: (db: Db, companyId: string) => AsyncGenerator<Row[]>;
};

const col = (key: string, header: string, kind: Kind = "text"): Column => ({ key, header, kind });

/** A timestamp as São Paulo time, dd/MM/yyyy - HH:mm (the spec's date and time format). */
const saoPauloDateTime = new Intl.DateTimeFormat("pt-BR", {
  timeZone: "America/Sao_Paulo",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function formatDateTime(value: Date): string {
  const parts = Object.fromEntries(
    saoPauloDateTime.formatToParts(value).map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  return `${parts.day}/${parts.month}/${parts.year} - ${parts.hour}:${parts.minute}`;
}

/** One CSV cell, formatted as the customers CSV does (dd/MM/yyyy, R$ amounts with a comma). */
function cell(value: unknown, kind: Kind): string {
  if (value === null || value === undefined) return "";
  switch (kind) {
    case "free":
      return csvValue(String(value), true);
    case "date": {
      const [y, m, d] = String(value).slice(0, 10).split("-");
      return csvValue(`${d}/${m}/${y}`);
    }
    case "timestamp":
      return csvValue(formatDateTime(value instanceof Date ? value : new Date(String(value))));
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

type KeyPart = { column: AnyPgColumn; timestamp?: boolean };

/**
 * Keyset pagination within the company: each batch starts after the last row of the one before,
 * so a large table is never read whole (and never sorted whole for a late page).
 * Reads `read(after, limit)` until a batch comes back short. `query` returns rows that include a
 * `_key` array (the keyset values, in order), used for the next batch and then dropped.
 */
async function* keyset(
  read: (after: SQL | undefined, limit: number) => Promise<(Row & { _key: unknown[] })[]>,
  key: KeyPart[],
): AsyncGenerator<Row[]> {
  let after: SQL | undefined;
  for (;;) {
    const rows = await read(after, BATCH_SIZE);
    if (rows.length === 0) return;
    const last = rows.at(-1)!._key;
    const columns = sql.join(
      key.map((k) => sql`${k.column}`),
      sql`, `,
    );
    const values = sql.join(
      key.map((k, i) => (k.timestamp ? sql`${last[i]}::timestamptz` : sql`${last[i]}`)),
      sql`, `,
    );
    after = sql`(${columns}) > (${values})`;
    yield rows.map(({ _key, ...row }) => row);
    if (rows.length < BATCH_SIZE) return;
  }
}

/**
 * The keyset of a row, as text: timestamps keep their microseconds this way (a JS Date would round
 * them to milliseconds and the next batch would repeat or skip rows).
 */
const keyOf = (key: KeyPart[]) =>
  sql<string[]>`array[${sql.join(
    key.map((k) => sql`${k.column}::text`),
    sql`, `,
  )}]`;

const companyColumns = getTableColumns(companies);

/** The columns of `companies` that are settings (loyalty, referral and special promotion rules). */
const companySettingColumns = {
  defaultMaxStamps: companies.defaultMaxStamps,
  purchaseStamps: companies.purchaseStamps,
  allowsReviewStamps: companies.allowsReviewStamps,
  reviewStamps: companies.reviewStamps,
  reviewBonus: companies.reviewBonus,
  allowsSocialStamps: companies.allowsSocialStamps,
  socialStamps: companies.socialStamps,
  socialBonus: companies.socialBonus,
  socialNetworks: companies.socialNetworks,
  birthdayEnabled: companies.birthdayEnabled,
  birthdayStamps: companies.birthdayStamps,
  birthdayPromotion: companies.birthdayPromotion,
  referralEnabled: companies.referralEnabled,
  referredStamps: companies.referredStamps,
  referrerStamps: companies.referrerStamps,
  referredBonusCents: companies.referredBonusCents,
  referrerBonusCents: companies.referrerBonusCents,
  offersFirstSignUpBonus: companies.offersFirstSignUpBonus,
  bonusStamps: companies.bonusStamps,
  bonusValueCents: companies.bonusValueCents,
  promotionActive: companies.promotionActive,
  promotionTitle: companies.promotionTitle,
  promotionDescription: companies.promotionDescription,
  promotionStartsOn: companies.promotionStartsOn,
  promotionEndsOn: companies.promotionEndsOn,
  partnershipEnabled: companies.partnershipEnabled,
  partnershipDescription: companies.partnershipDescription,
  aiEnabled: companies.aiEnabled,
  aiAssistantName: companies.aiAssistantName,
};

/** The company's single row (one batch). */
function single(read: (db: Db, companyId: string) => Promise<Row[]>) {
  return async function* (db: Db, companyId: string): AsyncGenerator<Row[]> {
    yield await read(db, companyId);
  };
}

const byCreatedAt = (table: { createdAt: AnyPgColumn; id: AnyPgColumn }): KeyPart[] => [
  { column: table.createdAt, timestamp: true },
  { column: table.id },
];

const DATASETS: Dataset[] = [
  {
    name: "empresa",
    columns: [
      col("id", "ID"),
      col("tradeName", "Nome", "free"),
      col("email", "Email", "free"),
      col("phone", "Telefone", "free"),
      col("whatsapp", "WhatsApp", "free"),
      col("city", "Cidade", "free"),
      col("state", "Estado"),
      col("sector", "Ramo"),
      col("summary", "Descrição", "free"),
      col("website", "Site", "free"),
      col("instagram", "Instagram", "free"),
      col("facebook", "Facebook", "free"),
      col("x", "X", "free"),
      col("tiktok", "TikTok", "free"),
      col("youtube", "YouTube", "free"),
      col("linkedin", "LinkedIn", "free"),
      col("googleReviewUrl", "Link de avaliação Google", "free"),
      col("logoUrl", "Logo", "free"),
      col("subscriptionActive", "Assinatura ativa", "boolean"),
      col("trialEndsAt", "Fim do período de teste", "timestamp"),
      col("createdAt", "Cadastro", "timestamp"),
      col("updatedAt", "Atualizado em", "timestamp"),
    ],
    batches: single((db, companyId) =>
      db.select(companyColumns).from(companies).where(eq(companies.id, companyId)),
    ),
  },
  {
    name: "configuracoes",
    columns: [
      col("pushNotifications", "Notificações push", "boolean"),
      col("emailNotifications", "Notificações por email", "boolean"),
      col("messageNotifications", "Notificações de mensagens", "boolean"),
      col("stampNotifications", "Notificações de carimbos", "boolean"),
      col("completedCardNotifications", "Notificações de cartões completos", "boolean"),
      col("backupFrequency", "Frequência de backup"),
      col("retentionMonths", "Retenção de dados (meses)", "number"),
      col("lastBackupAt", "Último backup", "timestamp"),
      col("defaultMaxStamps", "Carimbos por cartão (padrão)", "number"),
      col("purchaseStamps", "Carimbos por compra", "number"),
      col("allowsReviewStamps", "Avaliação Google ativa", "boolean"),
      col("reviewStamps", "Carimbos por avaliação", "number"),
      col("reviewBonus", "Bônus por avaliação", "free"),
      col("allowsSocialStamps", "Redes sociais ativas", "boolean"),
      col("socialStamps", "Carimbos por rede social", "number"),
      col("socialBonus", "Bônus por rede social", "free"),
      col("socialNetworks", "Redes", "list"),
      col("birthdayEnabled", "Aniversário ativo", "boolean"),
      col("birthdayStamps", "Carimbos de aniversário", "number"),
      col("birthdayPromotion", "Mensagem de aniversário", "free"),
      col("referralEnabled", "Indicação ativa", "boolean"),
      col("referredStamps", "Carimbos do indicado", "number"),
      col("referrerStamps", "Carimbos do indicador", "number"),
      col("referredBonusCents", "Bônus do indicado (R$)", "cents"),
      col("referrerBonusCents", "Bônus do indicador (R$)", "cents"),
      col("offersFirstSignUpBonus", "Bônus de primeiro cadastro", "boolean"),
      col("bonusStamps", "Carimbos de bônus", "number"),
      col("bonusValueCents", "Valor do bônus (R$)", "cents"),
      col("promotionActive", "Promoção ativa", "boolean"),
      col("promotionTitle", "Título da promoção", "free"),
      col("promotionDescription", "Descrição da promoção", "free"),
      col("promotionStartsOn", "Início da promoção", "date"),
      col("promotionEndsOn", "Fim da promoção", "date"),
      col("partnershipEnabled", "Parcerias ativas", "boolean"),
      col("partnershipDescription", "Descrição da parceria", "free"),
      col("aiEnabled", "IA ativa", "boolean"),
      col("aiAssistantName", "Nome do assistente", "free"),
    ],
    batches: single(async (db, companyId) => {
      const [company] = await db
        .select(companySettingColumns)
        .from(companies)
        .where(eq(companies.id, companyId));
      const [settings] = await db
        .select({
          pushNotifications: companySettings.pushNotifications,
          emailNotifications: companySettings.emailNotifications,
          messageNotifications: companySettings.messageNotifications,
          stampNotifications: companySettings.stampNotifications,
          completedCardNotifications: companySettings.completedCardNotifications,
          backupFrequency: companySettings.backupFrequency,
          retentionMonths: companySettings.retentionMonths,
          lastBackupAt: companySettings.lastBackupAt,
        })
        .from(companySettings)
        .where(eq(companySettings.companyId, companyId));
      // Without a record the company has the defaults (spec section 9).
      const record = settings ?? {
        pushNotifications: true,
        emailNotifications: true,
        messageNotifications: true,
        stampNotifications: true,
        completedCardNotifications: true,
        backupFrequency: DEFAULT_BACKUP_FREQUENCY,
        retentionMonths: DEFAULT_RETENTION_MONTHS,
        lastBackupAt: null,
      };
      return company ? [{ ...record, ...company }] : [];
    }),
  },
  {
    name: "programas",
    columns: [
      col("id", "ID"),
      col("name", "Nome", "free"),
      col("stampsRequired", "Carimbos necessários", "number"),
      col("reward", "Recompensa", "free"),
      col("description", "Descrição", "free"),
      col("isDefault", "Padrão", "boolean"),
      col("createdAt", "Criado em", "timestamp"),
      col("updatedAt", "Atualizado em", "timestamp"),
    ],
    batches: (db, companyId) => {
      const key = byCreatedAt(programs);
      const { companyId: _c, ...fields } = getTableColumns(programs);
      return keyset(
        (after, limit) =>
          db
            .select({ ...fields, _key: keyOf(key) })
            .from(programs)
            .where(and(eq(programs.companyId, companyId), after))
            .orderBy(asc(programs.createdAt), asc(programs.id))
            .limit(limit),
        key,
      );
    },
  },
  {
    name: "clientes",
    columns: [
      col("customerId", "ID"),
      col("name", "Nome", "free"),
      col("email", "Email", "free"),
      col("phone", "Telefone", "free"),
      col("birthDate", "Aniversário", "date"),
      col("city", "Cidade", "free"),
      col("state", "Estado"),
      col("recordPhone", "Telefone (registro da empresa)", "free"),
      col("recordBirthDate", "Aniversário (registro da empresa)", "date"),
      col("recordCity", "Cidade (registro da empresa)", "free"),
      col("recordState", "Estado (registro da empresa)"),
      col("notes", "Observações", "free"),
      col("status", "Status"),
      col("origin", "Origem", "free"),
      col("joinedAt", "Cadastro", "timestamp"),
      col("membershipId", "ID do vínculo"),
    ],
    batches: (db, companyId) => {
      const key: KeyPart[] = [{ column: memberships.sortName }, { column: memberships.id }];
      return keyset(
        (after, limit) =>
          db
            .select({
              customerId: memberships.customerId,
              name: profiles.name,
              email: profiles.email,
              phone: profiles.phone,
              birthDate: profiles.birthDate,
              city: profiles.city,
              state: profiles.state,
              recordPhone: memberships.phone,
              recordBirthDate: memberships.birthDate,
              recordCity: memberships.city,
              recordState: memberships.state,
              notes: memberships.notes,
              status: memberships.status,
              origin: memberships.origin,
              joinedAt: memberships.joinedAt,
              membershipId: memberships.id,
              _key: keyOf(key),
            })
            .from(memberships)
            .innerJoin(profiles, eq(profiles.id, memberships.customerId))
            .where(and(eq(memberships.companyId, companyId), after))
            .orderBy(asc(memberships.sortName), asc(memberships.id))
            .limit(limit),
        key,
      );
    },
  },
  {
    name: "cartoes",
    columns: [
      col("id", "ID"),
      col("customerId", "Cliente"),
      col("programId", "Programa"),
      col("membershipId", "Vínculo"),
      col("stamps", "Carimbos", "number"),
      col("maxStamps", "Carimbos máximos", "number"),
      col("status", "Status"),
      col("createdAt", "Criado em", "timestamp"),
      col("completedAt", "Completado em", "timestamp"),
      col("redeemedAt", "Utilizado em", "timestamp"),
      col("redeemedBy", "Utilizado por"),
      col("redemptionBonusType", "Tipo de bonificação", "free"),
      col("redemptionNotes", "Observações", "free"),
      col("redemptionCode", "Código de resgate"),
    ],
    batches: (db, companyId) => {
      const key = byCreatedAt(loyaltyCards);
      const { companyId: _c, ...fields } = getTableColumns(loyaltyCards);
      return keyset(
        (after, limit) =>
          db
            .select({ ...fields, _key: keyOf(key) })
            .from(loyaltyCards)
            .where(and(eq(loyaltyCards.companyId, companyId), after))
            .orderBy(asc(loyaltyCards.createdAt), asc(loyaltyCards.id))
            .limit(limit),
        key,
      );
    },
  },
  {
    name: "carimbos",
    columns: [
      col("id", "ID"),
      col("cardId", "Cartão"),
      col("customerId", "Cliente"),
      col("method", "Método"),
      col("count", "Quantidade", "number"),
      col("status", "Status"),
      col("claimed", "Solicitado pelo cliente", "boolean"),
      col("notes", "Observações", "free"),
      col("givenBy", "Dado por"),
      col("network", "Rede social"),
      col("link", "Link", "free"),
      col("fileId", "Arquivo"),
      col("rejectionReason", "Motivo da rejeição", "free"),
      col("createdAt", "Criado em", "timestamp"),
      col("approvedAt", "Aprovado em", "timestamp"),
      col("reviewedAt", "Revisado em", "timestamp"),
    ],
    batches: (db, companyId) => {
      const key = byCreatedAt(stamps);
      const { companyId: _c, ...fields } = getTableColumns(stamps);
      return keyset(
        (after, limit) =>
          db
            .select({ ...fields, _key: keyOf(key) })
            .from(stamps)
            .where(and(eq(stamps.companyId, companyId), after))
            .orderBy(asc(stamps.createdAt), asc(stamps.id))
            .limit(limit),
        key,
      );
    },
  },
  {
    name: "mensagens",
    columns: [
      col("id", "ID"),
      col("customerId", "Cliente"),
      col("sender", "Remetente"),
      col("body", "Mensagem", "free"),
      col("status", "Status"),
      col("replyToId", "Resposta a"),
      col("authorId", "Autor"),
      col("createdAt", "Data", "timestamp"),
    ],
    batches: (db, companyId) => {
      const key = byCreatedAt(customerMessages);
      const { companyId: _c, ...fields } = getTableColumns(customerMessages);
      return keyset(
        (after, limit) =>
          db
            .select({ ...fields, _key: keyOf(key) })
            .from(customerMessages)
            .where(and(eq(customerMessages.companyId, companyId), after))
            .orderBy(asc(customerMessages.createdAt), asc(customerMessages.id))
            .limit(limit),
        key,
      );
    },
  },
  {
    name: "interesses",
    columns: [
      col("id", "ID"),
      col("customerId", "Cliente"),
      col("customerName", "Nome do cliente", "free"),
      col("sector", "Ramo"),
      col("city", "Cidade", "free"),
      col("state", "Estado"),
      col("description", "Descrição", "free"),
      col("status", "Status"),
      col("createdAt", "Data", "timestamp"),
    ],
    // The interests this company answered (other companies' interests are not its data).
    batches: (db, companyId) => {
      const key = byCreatedAt(interestReplies);
      return keyset(
        (after, limit) =>
          db
            .select({
              id: interests.id,
              customerId: interests.customerId,
              customerName: profiles.name,
              sector: interests.sector,
              city: interests.city,
              state: interests.state,
              description: interests.description,
              status: interests.status,
              createdAt: interests.createdAt,
              _key: keyOf(key),
            })
            .from(interestReplies)
            .innerJoin(interests, eq(interests.id, interestReplies.interestId))
            .innerJoin(profiles, eq(profiles.id, interests.customerId))
            .where(and(eq(interestReplies.companyId, companyId), after))
            .orderBy(asc(interestReplies.createdAt), asc(interestReplies.id))
            .limit(limit),
        key,
      );
    },
  },
  {
    name: "respostas-interesses",
    columns: [
      col("id", "ID"),
      col("interestId", "Interesse"),
      col("body", "Resposta", "free"),
      col("authorId", "Autor"),
      col("createdAt", "Data", "timestamp"),
    ],
    batches: (db, companyId) => {
      const key = byCreatedAt(interestReplies);
      const { companyId: _c, ...fields } = getTableColumns(interestReplies);
      return keyset(
        (after, limit) =>
          db
            .select({ ...fields, _key: keyOf(key) })
            .from(interestReplies)
            .where(and(eq(interestReplies.companyId, companyId), after))
            .orderBy(asc(interestReplies.createdAt), asc(interestReplies.id))
            .limit(limit),
        key,
      );
    },
  },
  {
    name: "arquivos",
    columns: [
      col("id", "ID"),
      col("contentType", "Tipo"),
      col("size", "Tamanho (bytes)", "number"),
      col("uploadedBy", "Enviado por"),
      col("createdAt", "Data", "timestamp"),
      col("path", "Arquivo no backup"),
    ],
    batches: (db, companyId) => {
      const key = byCreatedAt(files);
      return keyset(
        async (after, limit) =>
          (
            await db
              .select({
                id: files.id,
                contentType: files.contentType,
                size: files.size,
                uploadedBy: files.uploadedBy,
                createdAt: files.createdAt,
                _key: keyOf(key),
              })
              .from(files)
              .where(and(eq(files.companyId, companyId), after))
              .orderBy(asc(files.createdAt), asc(files.id))
              .limit(limit)
          ).map((f) => ({ ...f, path: filePath(f.id, f.contentType) })),
        key,
      );
    },
  },
];

/** The names of the files in the zip: `<dataset>.json` and `<dataset>.csv` for each. */
export const BACKUP_DATASETS = DATASETS.map((d) => d.name);

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "application/pdf": "pdf",
};

/** Where an uploaded file (receipt, logo) sits in the zip. */
const filePath = (id: string, contentType: string) =>
  `arquivos/${id.replace(/[^\w-]/g, "_")}.${EXTENSIONS[contentType] ?? "bin"}`;

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

const saoPauloDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** `carimbou-backup-<slug>-<yyyy-MM-dd>.zip` (the São Paulo day of `at`). */
export function backupFileName(tradeName: string, at: Date): string {
  return `carimbou-backup-${slugify(tradeName)}-${saoPauloDay.format(at)}.zip`;
}

/** The company's trade name, for the file name (404 should it have gone). */
export async function companyTradeName(db: Db, companyId: string): Promise<string> {
  const [company] = await db
    .select({ tradeName: companies.tradeName })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
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
    csv.push(encoder.encode(CSV_BOM + csvLine(dataset.columns.map((c) => csvValue(c.header)))));
    for await (const rows of dataset.batches(db, companyId)) {
      const lines = rows.map((r) => csvLine(dataset.columns.map((c) => cell(r[c.key], c.kind))));
      csv.push(encoder.encode(lines.join("")));
      yield;
    }
    csv.push(new Uint8Array(0), true);
    yield;
  }

  // The uploads themselves (already compressed images: stored as they are), one at a time.
  let after: SQL | undefined;
  for (;;) {
    const [file] = await db
      .select({
        id: files.id,
        contentType: files.contentType,
        data: files.data,
        createdAt: sql<string>`${files.createdAt}::text`,
      })
      .from(files)
      .where(and(eq(files.companyId, companyId), after))
      .orderBy(asc(files.createdAt), asc(files.id))
      .limit(1);
    if (!file) break;
    after = sql`(${files.createdAt}, ${files.id}) > (${file.createdAt}::timestamptz, ${file.id})`;
    const entry = new ZipPassThrough(filePath(file.id, file.contentType));
    zip.add(entry);
    entry.push(new Uint8Array(file.data), true);
    yield;
  }
}

/**
 * The company's backup as a zip stream. Data is read only as the client takes it (a batch per
 * pull), so 100,000 customers do not sit in memory. When the last byte is written the company's
 * `lastBackupAt` is set to `at`.
 */
export function backupZipStream(db: Db, companyId: string, at: Date): ReadableStream<Uint8Array> {
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
        await markBackupDone(db, companyId, at);
        controller.close();
      } catch (error) {
        console.error("The backup export failed:", error);
        controller.error(error);
      }
    },
    async cancel() {
      zip.terminate();
      await steps.return(undefined);
    },
  });
}
