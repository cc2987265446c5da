import {
  DEFAULT_BACKUP_FREQUENCY,
  DEFAULT_RETENTION_MONTHS,
  type NotificationSettings,
  type SystemSettings,
  type UpdateSystemSettings,
} from "@shared/settings.schema";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { CompanyActor } from "../../middleware/actor";
import { getNotificationSettings } from "./settings.queries";
import { companySettings } from "./settings.table";

// ---------------------------------------------------------------------------------------------
// Notification switches (the settings record; no row means the defaults: all on)

export async function saveNotificationSettings(
  db: Db,
  actor: CompanyActor,
  settings: NotificationSettings,
): Promise<NotificationSettings> {
  const values = {
    pushNotifications: settings.push,
    emailNotifications: settings.email,
    messageNotifications: settings.messages,
    stampNotifications: settings.stamps,
    completedCardNotifications: settings.completedCards,
    updatedAt: new Date(),
  };
  await db
    .insert(companySettings)
    .values({ companyId: actor.companyId, ...values })
    .onConflictDoUpdate({ target: companySettings.companyId, set: values });
  return getNotificationSettings(db, actor.companyId);
}

// ---------------------------------------------------------------------------------------------
// 'Sistema': backup frequency, data retention and the last backup (the settings record)

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

/** Records when the company's last backup was downloaded ('Último backup'). */
export async function markBackupDone(db: Db, companyId: string, at: Date): Promise<void> {
  await db
    .insert(companySettings)
    .values({ companyId, lastBackupAt: at })
    .onConflictDoUpdate({ target: companySettings.companyId, set: { lastBackupAt: at } });
}
