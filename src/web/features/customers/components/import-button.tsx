import { Upload } from "lucide-react";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Button } from "@/web/components/ui/button";
import { LazyImportDialog } from "./import-lazy";

/** `/clientes?importar=1` (the dashboard's setup checklist) opens the import dialog. */
export const IMPORT_PARAM = "importar";

/**
 * 'Importar' on /clientes: opens the import dialog (also opened by `?importar=1`, removed when it
 * closes). The dialog's code is fetched on the first open.
 */
export function ImportButton({ companyName }: { companyName: string }) {
  const { t } = useTranslation("customers");
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const fromLink = params.get(IMPORT_PARAM) === "1";

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next && fromLink) {
      setParams(
        (current) => {
          const rest = new URLSearchParams(current);
          rest.delete(IMPORT_PARAM);
          return rest;
        },
        { replace: true },
      );
    }
  };

  return (
    <>
      <Button type="button" variant="outline" onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        {t("import.open")}
      </Button>
      {open || fromLink ? (
        <Suspense fallback={null}>
          <LazyImportDialog open onOpenChange={onOpenChange} companyName={companyName} />
        </Suspense>
      ) : null}
    </>
  );
}
