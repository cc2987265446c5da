import type { CustomerImport } from "@shared/customer-imports";
import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import { demoApiUrl, useDemoMode } from "@/web/lib/demo-mode";
import { formatDateTime } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { customerImportsQueryOptions, importResultUrl } from "../api";
import { LazyImportCodesDialog, LazyImportDialog } from "./import-lazy";
import { ImportProgressBar, importCounts } from "./import-summary";

const STATUS_STYLE: Record<CustomerImport["status"], string> = {
  preview: "bg-muted text-muted-foreground",
  queued: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  running: "bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100",
  done: "bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100",
  failed: "bg-destructive/10 text-destructive",
};

/** What is open from the list: an import in the import dialog, or an import's codes. */
type Opened = { kind: "import" | "codes"; id: string } | null;

/**
 * /clientes 'Importações': the company's imports (newest first): the file, when, where it stands,
 * what the job did, how many accepted so far and the stamps still waiting, with the result file
 * and the printable codes. A preview not confirmed can be reviewed; a running one is followed.
 */
export function ImportBatches({ companyName }: { companyName: string }) {
  const { t } = useTranslation("customers");
  const imports = useQuery(customerImportsQueryOptions());
  const [opened, setOpened] = useState<Opened>(null);
  const items = imports.data ?? [];
  if (items.length === 0) return null;
  const close = (open: boolean) => (open ? undefined : setOpened(null));

  return (
    <Card role="region" aria-labelledby="customer-imports-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="customer-imports-title">{t("imports.title")}</h2>
        </CardTitle>
        <CardDescription>{t("imports.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label={t("imports.title")}>
          {items.map((batch) => (
            <BatchItem
              key={batch.id}
              batch={batch}
              onOpen={() => setOpened({ kind: "import", id: batch.id })}
              onCodes={() => setOpened({ kind: "codes", id: batch.id })}
            />
          ))}
        </ul>
      </CardContent>
      {opened ? (
        <Suspense fallback={null}>
          {opened.kind === "import" ? (
            <LazyImportDialog
              open
              onOpenChange={close}
              companyName={companyName}
              importId={opened.id}
            />
          ) : (
            <LazyImportCodesDialog
              open
              onOpenChange={close}
              companyName={companyName}
              importId={opened.id}
            />
          )}
        </Suspense>
      ) : null}
    </Card>
  );
}

function BatchItem({
  batch,
  onOpen,
  onCodes,
}: {
  batch: CustomerImport;
  onOpen: () => void;
  onCodes: () => void;
}) {
  const { t } = useTranslation("customers");
  const demo = useDemoMode();
  const running = batch.status === "queued" || batch.status === "running";
  const finished = batch.status === "done" || batch.status === "failed";
  return (
    <li aria-label={batch.fileName} className="grid gap-1.5 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="grid min-w-0 gap-0.5">
          <p className="break-all font-medium">{batch.fileName}</p>
          <p className="text-muted-foreground text-xs">
            {[
              formatDateTime(batch.createdAt),
              t("imports.rows", { valid: batch.validRows, total: batch.totalRows }),
            ].join(" · ")}
          </p>
        </div>
        <span
          className={cn("rounded-full px-2 py-0.5 font-medium text-xs", STATUS_STYLE[batch.status])}
        >
          {t(`imports.status.${batch.status}`)}
        </span>
      </div>
      {running ? <ImportProgressBar batch={batch} /> : null}
      {batch.status === "preview" ? null : <p className="text-xs">{importCounts(t, batch)}</p>}
      {finished ? (
        <p className="text-xs">
          {[
            t("imports.accepted", { count: batch.acceptedCount }),
            t("imports.stampsWaiting", { count: batch.stampsWaiting }),
          ].join(" · ")}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {batch.status === "preview" || running ? (
          <Button type="button" size="sm" variant="outline" onClick={onOpen}>
            {t(batch.status === "preview" ? "imports.review" : "imports.progress")}
          </Button>
        ) : null}
        {finished ? (
          <Button asChild size="sm" variant="outline">
            <a href={demoApiUrl(importResultUrl(batch.id), demo)} download>
              <Download aria-hidden="true" />
              {t("imports.result")}
            </a>
          </Button>
        ) : null}
        {finished && batch.codeCount > 0 ? (
          <Button type="button" size="sm" variant="outline" onClick={onCodes}>
            {t("imports.codes")}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
