/** The periods of the scheduled backups (flows/backups.ts): when a company's next one is due. */
import type { BackupFrequency } from "@shared/settings.schema";

/**
 * The period a São Paulo day ('yyyy-MM-dd') falls in for a frequency: the day itself, its week
 * (ISO: the Monday that starts it) or its month.
 */
export function backupPeriod(frequency: BackupFrequency, day: string): string {
  if (frequency === "daily") return day;
  if (frequency === "monthly") return day.slice(0, 7);
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return `week-of-${new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10)}`;
}

/** Due when none of the company's stored backups was made in today's period. */
export function isBackupDue(frequency: BackupFrequency, today: string, storedDays: string[]) {
  const period = backupPeriod(frequency, today);
  return !storedDays.some((day) => backupPeriod(frequency, day) === period);
}
