import type { CustomerImport } from "@shared/customer-imports";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

/** What the job did so far: "17 convites enviados, 0 agendados, 2 códigos, 1 ignorado". */
export const importCounts = (t: TFunction<"customers">, batch: CustomerImport) =>
  [
    t("import.progress.invited", { count: batch.invitedCount }),
    t("import.progress.scheduled", { count: batch.scheduledCount }),
    t("import.progress.codes", { count: batch.codeCount }),
    t("import.progress.skipped", { count: batch.skippedCount }),
  ].join(", ");

/** The job's progress: rows handled of the valid rows, as a bar with the counts under it. */
export function ImportProgressBar({ batch }: { batch: CustomerImport }) {
  const { t } = useTranslation("customers");
  const total = Math.max(batch.validRows, 1);
  const done = Math.min(batch.processedRows, batch.validRows);
  const percent = batch.status === "done" ? 100 : Math.round((done / total) * 100);
  return (
    <div className="grid gap-1">
      <div
        role="progressbar"
        aria-label={t("import.progress.label")}
        aria-valuemin={0}
        aria-valuemax={batch.validRows}
        aria-valuenow={done}
        aria-valuetext={t("import.progress.count", { done, total: batch.validRows })}
        className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-muted-foreground text-xs">
        {t("import.progress.count", { done, total: batch.validRows })}
      </p>
    </div>
  );
}
