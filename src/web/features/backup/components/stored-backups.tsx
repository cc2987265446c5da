import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { formatDate, formatFileSize } from "@/web/lib/format";
import { storedBackupsQueryOptions, useDownloadStoredBackup } from "../api";

/**
 * 'Backups automáticos': the scheduled backups kept on the server (by the company's frequency),
 * newest first, with their day and size, each downloadable.
 */
export function StoredBackups() {
  const { t } = useTranslation(["backup", "common"]);
  const query = useQuery(storedBackupsQueryOptions());
  const download = useDownloadStoredBackup();

  const onDownload = (name: string) =>
    download.mutate(name, { onError: () => toast.error(t("backup:stored.downloadError")) });

  let body: ReactNode;
  if (query.isError) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
        {t("backup:stored.loadError")}
        <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t("common:actions.retry")}
        </Button>
      </div>
    );
  } else if (!query.data) {
    body = <Spinner label={t("common:loading")} />;
  } else if (query.data.length === 0) {
    body = <p className="text-muted-foreground text-sm">{t("backup:stored.empty")}</p>;
  } else {
    body = (
      <ul className="grid divide-y rounded-md border" data-testid="stored-backups">
        {query.data.map((backup) => {
          const date = formatDate(backup.date);
          const pending = download.isPending && download.variables === backup.name;
          return (
            <li key={backup.name} className="flex items-center justify-between gap-3 px-3 py-2">
              <div className="grid text-sm">
                <span className="font-medium">{date}</span>
                <span className="text-muted-foreground text-xs">{formatFileSize(backup.size)}</span>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() => onDownload(backup.name)}
                disabled={pending}
                aria-label={t("backup:stored.downloadLabel", { date })}
              >
                {pending ? <Spinner /> : <Download aria-hidden="true" />}
                {t("backup:stored.download")}
              </Button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section className="grid gap-2 border-t pt-4" aria-labelledby="stored-backups-title">
      <h3 id="stored-backups-title" className="font-medium text-sm">
        {t("backup:stored.title")}
      </h3>
      <p className="text-muted-foreground text-xs">{t("backup:stored.hint")}</p>
      {body}
    </section>
  );
}
