import { z } from "zod";

/**
 * Importing paper-card customers ('Importar' on /clientes, issue 31): the file is read and checked
 * into a preview (nothing sent); 'Importar' confirms it and a job invites each valid row. The
 * person becomes a customer, with the paper card's stamps, only by accepting the invitation.
 */

/** Largest file 'Importar' reads (413 `import_file_too_large`). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Most data rows a file may hold (422 `import_too_many_rows`). */
export const IMPORT_MAX_ROWS = 20_000;
/**
 * Invitation e-mails an import sends per company per day; the rest wait for the next days
 * ('scheduled'), sent by the daily job, oldest first.
 */
export const IMPORT_INVITATIONS_PER_DAY = 500;
/** Characters of a phone-only row's short invitation code (shown as XXXX-XXXX). */
export const IMPORT_SHORT_CODE_LENGTH = 8;
/** How many of the preview's rows with errors the API lists (the result file has them all). */
export const IMPORT_PREVIEW_ERROR_ROWS = 200;
/** How many valid rows the preview shows as a sample. */
export const IMPORT_PREVIEW_SAMPLE_ROWS = 10;

export const IMPORT_STATUSES = ["preview", "queued", "running", "done", "failed"] as const;

/** A row's problems found in the preview (each translated on the web side). */
export const IMPORT_ROW_ERRORS = [
  "name_required",
  "name_too_long",
  /** Neither an e-mail nor a phone. */
  "contact_required",
  "email_invalid",
  "phone_invalid",
  "birth_date_invalid",
  "city_too_long",
  "state_invalid",
  /** Not a whole number. */
  "stamps_invalid",
  "stamps_negative",
  /** More stamps than the company's card holds. */
  "stamps_over_size",
  /** The same e-mail (or, without one, the same phone) on an earlier line of the file. */
  "duplicate_in_file",
  /** A cell holds a spreadsheet formula (=, +, -, @ first, or an XLSX formula cell). */
  "formula_not_allowed",
] as const;
export type ImportRowError = (typeof IMPORT_ROW_ERRORS)[number];

/**
 * What the job did with a valid row: `invited` (e-mail sent), `scheduled` (e-mail waits for a
 * later day within the daily limit), `code` (phone only: a short invitation code to hand over),
 * `skipped` (see the reason).
 */
export const IMPORT_OUTCOMES = ["invited", "scheduled", "code", "skipped"] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** Why a valid row was not invited (re-importing a file skips every row already handled). */
export const IMPORT_SKIP_REASONS = [
  /** Already a customer of the company. */
  "already_customer",
  /** An invitation of the company to the same e-mail (or phone) is waiting or was accepted. */
  "already_invited",
  /** The person declined an invitation of the company: not asked again. */
  "declined",
] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];

/** Which of the file's columns fed each field (the header as written), null when absent. */
export const ImportColumnsSchema = z
  .object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    birthDate: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    stamps: z.string().nullable(),
  })
  .meta({ id: "ImportColumns" });
export type ImportColumns = z.infer<typeof ImportColumnsSchema>;

export const ImportRowSchema = z
  .object({
    /** The line in the file (the header is line 1). */
    line: z.number().int(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** yyyy-MM-dd */
    birthDate: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    stamps: z.number().int(),
    errors: z.array(z.enum(IMPORT_ROW_ERRORS)),
    outcome: z.enum(IMPORT_OUTCOMES).nullable(),
    reason: z.enum(IMPORT_SKIP_REASONS).nullable(),
  })
  .meta({ id: "ImportRow" });
export type ImportRow = z.infer<typeof ImportRowSchema>;

/** One import as a batch: the list on /clientes and the progress of a running one. */
export const CustomerImportSchema = z
  .object({
    id: z.string(),
    fileName: z.string(),
    status: z.enum(IMPORT_STATUSES),
    totalRows: z.number().int(),
    validRows: z.number().int(),
    errorRows: z.number().int(),
    /** Rows the job has handled (the progress bar: processedRows / validRows). */
    processedRows: z.number().int(),
    /** E-mails sent so far. */
    invitedCount: z.number().int(),
    /** E-mails waiting for a later day (the daily limit). */
    scheduledCount: z.number().int(),
    codeCount: z.number().int(),
    skippedCount: z.number().int(),
    /** Invitations of this import accepted so far (the person joined, the stamps were given). */
    acceptedCount: z.number().int(),
    /** The stamps of the file's valid rows, waiting on invitations not yet accepted. */
    stampsWaiting: z.number().int(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: "CustomerImport" });
export type CustomerImport = z.infer<typeof CustomerImportSchema>;

/** The preview (and the same view later): the batch, the columns found, the rows with errors. */
export const ImportPreviewSchema = z
  .object({
    import: CustomerImportSchema,
    columns: ImportColumnsSchema,
    /** Stamps the company's card holds (a row over it is `stamps_over_size`). */
    cardSize: z.number().int(),
    /** The first IMPORT_PREVIEW_ERROR_ROWS rows with errors, in file order. */
    errorRows: z.array(ImportRowSchema),
    /** The first IMPORT_PREVIEW_SAMPLE_ROWS valid rows, in file order. */
    sampleRows: z.array(ImportRowSchema),
  })
  .meta({ id: "ImportPreview" });
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

/** A phone-only row's short invitation code, for the printable list (and the WhatsApp link). */
export const ImportCodeSchema = z
  .object({
    line: z.number().int(),
    name: z.string(),
    phone: z.string(),
    /** XXXX-XXXX */
    code: z.string(),
    /** The link the person opens to accept (/convite?codigo=…). */
    url: z.string(),
    /** wa.me link with the invitation prefilled, when the company's WhatsApp channel is connected. */
    whatsappUrl: z.string().nullable(),
    accepted: z.boolean(),
  })
  .meta({ id: "ImportCode" });
export type ImportCode = z.infer<typeof ImportCodeSchema>;

/** A short invitation code as typed on /convite (case and the dash do not matter). */
export const InvitationCodeSchema = z
  .string()
  .trim()
  .max(20)
  .transform((s) => s.replace(/[\s-]/g, "").toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{8}$/, "invitation_code_invalid"));

/**
 * What /convite shows for a short code (public): the inviting company and the stamps waiting,
 * nothing the company typed about the person (a guessed code reveals no name or phone).
 */
export const InvitationCodeInfoSchema = z
  .object({
    companyId: z.string(),
    companyName: z.string(),
    stamps: z.number().int(),
  })
  .meta({ id: "InvitationCodeInfo" });
export type InvitationCodeInfo = z.infer<typeof InvitationCodeInfoSchema>;
