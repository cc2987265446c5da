import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/web/lib/api-client";
import { backupMutations } from "./keys";

const BACKUP_URL = "/api/settings/backup";

/** Fetches the backup zip and hands it to the browser as a download. */
async function downloadBackup(): Promise<string> {
  const { blob, fileName } = await apiClient.download(BACKUP_URL);
  const name = fileName ?? "carimbou-backup.zip";
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.style.display = "none";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the blob goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}

/** 'Backup': downloads the zip (the server then sets 'Último backup' of the system settings). */
export function useDownloadBackup() {
  return useMutation({ mutationKey: backupMutations.download, mutationFn: downloadBackup });
}
