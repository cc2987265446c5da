import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiErrorBody } from "@/shared/errors";
import type { SystemSettings, UpdateSystemSettings } from "@/shared/settings.schema";
import { ApiError, apiClient } from "@/web/lib/api-client";

export const backupKeys = {
  all: ["backup"] as const,
  system: () => [...backupKeys.all, "system"] as const,
};

const SYSTEM_PATH = "/api/settings/system";
export const BACKUP_URL = "/api/settings/backup";

/** 'Sistema': backup frequency, data retention and the last backup. */
export const systemSettingsQueryOptions = () =>
  queryOptions({
    queryKey: backupKeys.system(),
    queryFn: ({ signal }) => apiClient.get<SystemSettings>(SYSTEM_PATH, { signal }),
  });

export function useSaveSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSystemSettings) => apiClient.put<SystemSettings>(SYSTEM_PATH, input),
    onSuccess: (settings) => queryClient.setQueryData(backupKeys.system(), settings),
  });
}

/** The file name the server gave in Content-Disposition (a fallback otherwise). */
function fileNameOf(response: Response): string {
  const header = response.headers.get("Content-Disposition") ?? "";
  return header.match(/filename="([^"]+)"/)?.[1] ?? "carimbou-backup.zip";
}

/** Fetches the backup zip and hands it to the browser as a download. */
async function downloadBackup(): Promise<string> {
  const response = await fetch(BACKUP_URL, { credentials: "include" });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? "internal_error",
      body?.error?.message ?? response.statusText,
    );
  }
  const fileName = fileNameOf(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName;
    link.style.display = "none";
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the blob goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return fileName;
}

/** 'Backup': downloads the zip, then reloads 'Último backup' (the server set it). */
export function useDownloadBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadBackup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupKeys.system() }),
  });
}
