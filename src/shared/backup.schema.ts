import { z } from "zod";

/** 'Frequência de backup' (spec settings record: diario, semanal, mensal). */
export const BACKUP_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number];

/** 'Retenção de dados': messages and answered interests older than this many months are removed. */
export const RETENTION_MONTHS_OPTIONS = [12, 24] as const;
export type RetentionMonths = (typeof RETENTION_MONTHS_OPTIONS)[number];

/** A company without a settings record has these (spec section 9: backup diario, 24 months). */
export const DEFAULT_BACKUP_FREQUENCY: BackupFrequency = "daily";
export const DEFAULT_RETENTION_MONTHS: RetentionMonths = 24;

/** The shortest retention a company can choose. */
export const MIN_RETENTION_MONTHS = Math.min(...RETENTION_MONTHS_OPTIONS);

/** The 'Sistema' section of /configuracoes as the server sends it. */
export const SystemSettingsSchema = z.object({
  backupFrequency: z.enum(BACKUP_FREQUENCIES),
  retentionMonths: z.union([z.literal(12), z.literal(24)]),
  /** When the company last downloaded a backup ('Último backup'); null: never. */
  lastBackupAt: z.string().nullable(),
});
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;

/** What 'Salvar' sends: frequency and retention (the last backup is set by the export). */
export const UpdateSystemSettingsSchema = z.object({
  backupFrequency: z.enum(BACKUP_FREQUENCIES, "backup_frequency_invalid"),
  retentionMonths: z.union([z.literal(12), z.literal(24)], "retention_months_invalid"),
});
export type UpdateSystemSettings = z.infer<typeof UpdateSystemSettingsSchema>;
