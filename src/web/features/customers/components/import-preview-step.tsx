import type { ImportColumns, ImportPreview, ImportRow } from "@shared/customer-imports";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate } from "@/web/lib/format";
import { useConfirmImport, useDeleteImport } from "../api";

const COLUMN_FIELDS = [
  "name",
  "email",
  "phone",
  "birthDate",
  "city",
  "state",
  "stamps",
] as const satisfies readonly (keyof ImportColumns)[];

/** A row's contacts and details on one line: e-mail · phone · birthday · city/state. */
const rowDetails = (row: ImportRow) =>
  [
    row.email,
    row.phone,
    row.birthDate ? formatDate(row.birthDate) : null,
    [row.city, row.state].filter(Boolean).join("/"),
  ]
    .filter(Boolean)
    .join(" · ");

/**
 * Step 2 of 'Importar': what the file holds before anything is sent: the counts, the columns found,
 * each line with errors (its number, its name, each problem in words), a few lines ready, and how
 * consent works. 'Importar N clientes' confirms; 'Cancelar' throws the preview away.
 */
export function ImportPreviewStep({
  preview,
  onCancelled,
  onChooseAnother,
}: {
  preview: ImportPreview;
  onCancelled: () => void;
  onChooseAnother: () => void;
}) {
  const { t } = useTranslation("customers");
  const confirm = useConfirmImport();
  const remove = useDeleteImport();
  const batch = preview.import;
  const busy = confirm.isPending || remove.isPending;

  const discard = (then: () => void) =>
    remove.mutate(batch.id, {
      onSuccess: then,
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <div className="grid min-w-0 gap-4 text-sm">
      <div className="grid gap-1">
        <p className="font-medium text-base">
          {t("import.preview.summary", {
            lines: t("import.preview.lines", { count: batch.totalRows }),
            ready: t("import.preview.ready", { count: batch.validRows }),
            errors: t("import.preview.errors", { count: batch.errorRows }),
          })}
        </p>
        <p className="break-all text-muted-foreground">
          {t("import.preview.file", { name: batch.fileName })}
        </p>
      </div>

      <section aria-labelledby="import-columns" className="grid gap-1">
        <h3 id="import-columns" className="font-medium">
          {t("import.preview.columns")}
        </h3>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
          {COLUMN_FIELDS.map((field) => (
            <div key={field} className="contents">
              <dt className="text-muted-foreground">{t(`import.preview.column.${field}`)}</dt>
              <dd className="break-all">
                {preview.columns[field] ?? (
                  <span className="text-muted-foreground italic">
                    {t("import.preview.notFound")}
                  </span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </section>

      {preview.errorRows.length > 0 ? (
        <section aria-labelledby="import-error-rows" className="grid gap-1">
          <h3 id="import-error-rows" className="font-medium text-destructive">
            {t("import.preview.errorsTitle")}
          </h3>
          <ul aria-labelledby="import-error-rows" className="grid gap-1.5">
            {preview.errorRows.map((row) => (
              <li key={row.line} className="rounded-md border border-destructive/40 p-2">
                <p className="break-words font-medium">
                  {t("import.preview.line", { line: row.line })} ·{" "}
                  {row.name || t("import.preview.noName")}
                </p>
                <ul className="list-disc pl-5 text-destructive">
                  {row.errors.map((code) => (
                    <li key={code}>{t(`import.rowErrors.${code}`, { size: preview.cardSize })}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          {batch.errorRows > preview.errorRows.length ? (
            <p className="text-muted-foreground text-xs">
              {t("import.preview.errorsMore", {
                shown: preview.errorRows.length,
                count: batch.errorRows,
              })}
            </p>
          ) : null}
        </section>
      ) : null}

      {preview.sampleRows.length > 0 ? (
        <section aria-labelledby="import-sample-rows" className="grid gap-1">
          <h3 id="import-sample-rows" className="font-medium">
            {t("import.preview.sampleTitle")}
          </h3>
          <ul aria-labelledby="import-sample-rows" className="grid gap-1">
            {preview.sampleRows.map((row) => (
              <li key={row.line} className="rounded-md border p-2">
                <p className="flex flex-wrap justify-between gap-x-2 font-medium">
                  <span className="break-words">{row.name}</span>
                  <span className="text-muted-foreground">
                    {t("import.preview.stamps", { count: row.stamps })}
                  </span>
                </p>
                <p className="break-all text-muted-foreground text-xs">{rowDetails(row)}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="grid gap-1 rounded-md bg-muted p-3">
        <p>{t("import.preview.consent")}</p>
        {preview.columns.phone ? (
          <p className="text-muted-foreground">{t("import.preview.phoneOnly")}</p>
        ) : null}
      </div>

      {batch.validRows === 0 ? (
        <p role="alert" className="font-medium text-destructive">
          {t("import.preview.nothingValid")}
        </p>
      ) : null}
      {confirm.isError ? (
        <p role="alert" className="font-medium text-destructive">
          {errorMessage(confirm.error)}
        </p>
      ) : null}

      <div className="flex flex-wrap justify-end gap-2">
        <Button
          type="button"
          variant="ghost"
          disabled={busy}
          onClick={() => discard(onChooseAnother)}
        >
          {t("import.file.another")}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() =>
            discard(() => {
              toast.success(t("import.preview.cancelled"));
              onCancelled();
            })
          }
        >
          {t("import.preview.cancel")}
        </Button>
        {batch.validRows > 0 ? (
          <Button type="button" disabled={busy} onClick={() => confirm.mutate(batch.id)}>
            {t("import.preview.confirm", { count: batch.validRows })}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
