import type { CustomerImport } from "@shared/customer-imports";
import { useQueryClient } from "@tanstack/react-query";
import { CircleCheck, Download, Printer } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { demoApiUrl, useDemoMode } from "@/web/lib/demo-mode";
import { importResultUrl } from "../api";
import { customerKeys } from "../keys";
import { ImportProgressBar, importCounts } from "./import-summary";

/**
 * Step 3 of 'Importar': the job's progress (the dialog polls the import every second while it is
 * queued or running), then what it did, the result file and, for phone-only rows, the codes.
 */
export function ImportProgressStep({
  batch,
  onShowCodes,
}: {
  batch: CustomerImport;
  onShowCodes: () => void;
}) {
  const { t } = useTranslation("customers");
  const demo = useDemoMode();
  const queryClient = useQueryClient();
  const finished = batch.status === "done" || batch.status === "failed";

  // Finished: the invitations it made show in 'Convites pendentes', the batch in 'Importações'.
  useEffect(() => {
    if (!finished) return;
    void queryClient.invalidateQueries({ queryKey: customerKeys.invitations() });
    void queryClient.invalidateQueries({ queryKey: customerKeys.imports(), exact: true });
  }, [finished, queryClient]);

  return (
    <div className="grid min-w-0 gap-4 text-sm">
      <p className="break-all text-muted-foreground">
        {t("import.preview.file", { name: batch.fileName })}
      </p>
      {finished ? null : (
        <p role="status" className="flex items-center gap-2 font-medium">
          <Spinner />
          {t(`import.progress.${batch.status === "queued" ? "queued" : "running"}`)}
        </p>
      )}
      {batch.status === "done" ? (
        <p role="status" className="flex items-center gap-2 font-medium text-base">
          <CircleCheck aria-hidden="true" className="size-5 text-green-600" />
          {t("import.progress.done")}
        </p>
      ) : null}
      {batch.status === "failed" ? (
        <p role="alert" className="font-medium text-destructive">
          {t("import.progress.failed")}
        </p>
      ) : null}
      <ImportProgressBar batch={batch} />
      <p className="font-medium" data-testid="import-counts">
        {importCounts(t, batch)}
      </p>
      {finished ? (
        <div className="grid gap-1 text-muted-foreground">
          {batch.scheduledCount > 0 ? <p>{t("import.progress.scheduledHint")}</p> : null}
          {batch.skippedCount > 0 ? <p>{t("import.progress.skippedHint")}</p> : null}
        </div>
      ) : (
        <p className="text-muted-foreground">{t("import.progress.keepGoing")}</p>
      )}
      {finished ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <a href={demoApiUrl(importResultUrl(batch.id), demo)} download>
              <Download aria-hidden="true" />
              {t("import.progress.result")}
            </a>
          </Button>
          {batch.codeCount > 0 ? (
            <Button type="button" onClick={onShowCodes}>
              <Printer aria-hidden="true" />
              {t("import.progress.codes")}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
