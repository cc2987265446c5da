import { IMPORT_MAX_BYTES, type ImportPreview } from "@shared/customer-imports";
import { FileDown, FileUp } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { buttonVariants } from "@/web/components/ui/button-variants";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { cn } from "@/web/lib/utils";
import { useUploadImport } from "../api";

/** What the file picker offers (the server reads the content, not the name, to be sure). */
const ACCEPT = [
  ".csv",
  ".xlsx",
  "text/csv",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
].join(",");

/** The template's columns (the server also reads their English names) and one example line. */
const TEMPLATE_HEADER = "nome;email;telefone;aniversario;cidade;estado;carimbos";
const TEMPLATE_EXAMPLE = "João da Silva;joao@exemplo.com;(11) 98765-4321;15/07/1990;São Paulo;SP;4";

/** An error found before uploading, said in the same words as the API's answer. */
const localError = (status: number, code: string) => new ApiError(status, code, "");

/**
 * Checks the browser can make before sending anything: a file over 10 MB, empty, or not .csv or
 * .xlsx is refused here, with the API's own message, and never uploaded.
 */
export function checkImportFile(file: File): ApiError | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return localError(422, "import_file_type");
  if (file.size > IMPORT_MAX_BYTES) return localError(413, "import_file_too_large");
  if (file.size === 0) return localError(422, "import_file_empty");
  return null;
}

/** 'Baixar modelo CSV': made in the browser, UTF-8 with a BOM and `;` as Excel pt-BR expects. */
function downloadTemplate() {
  const blob = new Blob([`\uFEFF${TEMPLATE_HEADER}\r\n${TEMPLATE_EXAMPLE}\r\n`], {
    type: "text/csv;charset=utf-8",
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = "modelo-importacao-clientes.csv";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Step 1 of 'Importar': the expected columns with an example, the template, and the file. A chosen
 * file is checked, then uploaded at once: the answer is the preview (nothing sent yet).
 */
export function ImportFileStep({ onUploaded }: { onUploaded: (preview: ImportPreview) => void }) {
  const { t } = useTranslation("customers");
  const upload = useUploadImport();
  const [problem, setProblem] = useState<ApiError | null>(null);
  const shown = problem ?? (upload.isError ? upload.error : null);

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after it is fixed on disk.
    event.target.value = "";
    if (!file) return;
    upload.reset();
    const refused = checkImportFile(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate(file, { onSuccess: onUploaded });
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-2 text-sm">
        <p>{t("import.file.columns")}</p>
        <p className="text-muted-foreground">{t("import.file.example")}</p>
        <pre className="whitespace-pre-wrap break-all rounded-md bg-muted p-2 font-mono text-xs">
          {TEMPLATE_HEADER}
          {"\n"}
          {TEMPLATE_EXAMPLE}
        </pre>
        <p className="text-muted-foreground">{t("import.file.limits")}</p>
        <div>
          <Button type="button" variant="link" className="h-auto p-0" onClick={downloadTemplate}>
            <FileDown aria-hidden="true" />
            {t("import.file.template")}
          </Button>
        </div>
      </div>
      {shown ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 p-2 font-medium text-destructive text-sm"
        >
          {errorMessage(shown)}
        </p>
      ) : null}
      <label
        className={cn(
          buttonVariants({ variant: shown ? "outline" : "default" }),
          "w-full cursor-pointer has-[:disabled]:pointer-events-none has-[:disabled]:opacity-50 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
        )}
      >
        {upload.isPending ? <Spinner /> : <FileUp aria-hidden="true" />}
        {upload.isPending
          ? t("import.file.reading")
          : shown
            ? t("import.file.another")
            : t("import.file.label")}
        <input
          type="file"
          accept={ACCEPT}
          aria-label={t("import.file.label")}
          className="sr-only"
          disabled={upload.isPending}
          onChange={onChange}
        />
      </label>
    </div>
  );
}
