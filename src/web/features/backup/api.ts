import { queryOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { backupKeys, backupMutations } from "./keys";

const BACKUP_URL = "/api/settings/backup";
const STORED_URL = "/api/settings/backups";

/** Fetches a zip and hands it to the browser as a download. */
async function downloadZip(path: string, fallbackName: string): Promise<string> {
  const { blob, fileName } = await api.download(path);
  const name = fileName ?? fallbackName;
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
  return useMutation({
    mutationKey: backupMutations.download,
    mutationFn: () => downloadZip(BACKUP_URL, "carimbou-backup.zip"),
  });
}

/** The scheduled backups kept on the server, newest first. */
export const storedBackupsQueryOptions = () =>
  queryOptions({
    queryKey: backupKeys.stored(),
    queryFn: ({ signal }) => api.get(STORED_URL, { signal }),
  });

/** Downloads one of the scheduled backups by its name. */
export function useDownloadStoredBackup() {
  return useMutation({
    mutationKey: backupMutations.downloadStored,
    mutationFn: (name: string) => downloadZip(`${STORED_URL}/${encodeURIComponent(name)}`, name),
  });
}
