import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@/web/components/ui/dialog";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { customerImportQueryOptions } from "../api";
import { ImportCodesDialog } from "./import-codes-dialog";
import { ImportFileStep } from "./import-file-step";
import { ImportPreviewStep } from "./import-preview-step";
import { ImportProgressStep } from "./import-progress-step";

/**
 * 'Importar' (/clientes): 1. the file, 2. its preview (nothing sent until 'Importar N clientes'),
 * 3. the job's progress and what it did. Opened with `importId`, it goes on with that import (its
 * preview or its progress, from 'Importações'). Closing it leaves a running import running.
 */
export function ImportDialog({
  open,
  onOpenChange,
  companyName,
  importId: startId = null,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  companyName: string;
  importId?: string | null;
}) {
  const { t } = useTranslation("customers");
  const [importId, setImportId] = useState<string | null>(startId);
  const [showCodes, setShowCodes] = useState(false);
  const current = useQuery({
    ...customerImportQueryOptions(importId ?? ""),
    enabled: importId !== null,
  });
  const preview = importId ? current.data : undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <div className="flex items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1">
            <DialogTitle>{t("import.title")}</DialogTitle>
            <DialogDescription>{t("import.description")}</DialogDescription>
          </div>
          <DialogClose asChild>
            <Button type="button" variant="ghost" size="icon" aria-label={t("import.close")}>
              <X aria-hidden="true" />
            </Button>
          </DialogClose>
        </div>
        {importId === null ? (
          <ImportFileStep onUploaded={(uploaded) => setImportId(uploaded.import.id)} />
        ) : preview?.import.status === "preview" ? (
          <ImportPreviewStep
            preview={preview}
            onCancelled={() => onOpenChange(false)}
            onChooseAnother={() => setImportId(null)}
          />
        ) : preview ? (
          <ImportProgressStep batch={preview.import} onShowCodes={() => setShowCodes(true)} />
        ) : current.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(current.error)}
          </p>
        ) : (
          <Spinner label={t("import.loading")} />
        )}
        {showCodes && importId ? (
          <ImportCodesDialog
            importId={importId}
            companyName={companyName}
            open
            onOpenChange={setShowCodes}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
