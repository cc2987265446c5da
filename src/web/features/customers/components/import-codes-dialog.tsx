import type { ImportCode } from "@shared/customer-imports";
import { useQuery } from "@tanstack/react-query";
import { MessageCircle, Printer, X } from "lucide-react";
import { createPortal } from "react-dom";
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
import { importCodesQueryOptions } from "../api";

/**
 * While the codes are open, printing shows only the slips: every other child of <body> (the app,
 * the dialogs' portals) is hidden on paper, and the slips, hidden on screen, are shown.
 */
const PRINT_ONLY_SLIPS = `@media print {
  body > :not([data-import-slips]) { display: none !important; }
  body > [data-import-slips] { display: block !important; }
}`;

/** The link without its scheme, shorter to read: carimbou.com.br/convite?codigo=… */
const shortUrl = (url: string) => url.replace(/^https?:\/\//, "");
/** The page to type on a slip (the code goes on the slip apart): carimbou.com.br/convite */
const pageUrl = (url: string) => shortUrl(url).split("?")[0] ?? "";

/**
 * 'Códigos para imprimir': the phone-only rows of an import, each with its short code, the link to
 * accept it and, when the company's WhatsApp is connected, a WhatsApp link with the invitation.
 * 'Imprimir' prints them as slips to cut out and hand over at the counter.
 */
export function ImportCodesDialog({
  importId,
  companyName,
  open,
  onOpenChange,
}: {
  importId: string;
  companyName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("customers");
  const codes = useQuery(importCodesQueryOptions(importId));
  const items = codes.data ?? [];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <div className="flex items-start justify-between gap-2">
          <div className="grid min-w-0 gap-1">
            <DialogTitle>{t("import.codes.title")}</DialogTitle>
            <DialogDescription>{t("import.codes.description")}</DialogDescription>
          </div>
          <DialogClose asChild>
            <Button type="button" variant="ghost" size="icon" aria-label={t("import.codes.close")}>
              <X aria-hidden="true" />
            </Button>
          </DialogClose>
        </div>
        {codes.isPending ? <Spinner label={t("import.loading")} /> : null}
        {codes.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(codes.error)}
          </p>
        ) : null}
        {codes.isSuccess && items.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("import.codes.empty")}</p>
        ) : null}
        {items.length > 0 ? (
          <>
            <div>
              <Button type="button" onClick={() => window.print()}>
                <Printer aria-hidden="true" />
                {t("import.codes.print")}
              </Button>
            </div>
            <ul aria-label={t("import.codes.title")} className="grid gap-2 text-sm">
              {items.map((code) => (
                <CodeItem key={code.line} code={code} />
              ))}
            </ul>
          </>
        ) : null}
        {open && items.length > 0
          ? createPortal(
              <div data-import-slips="" className="hidden">
                <style>{PRINT_ONLY_SLIPS}</style>
                <ImportSlips codes={items} companyName={companyName} />
              </div>,
              document.body,
            )
          : null}
      </DialogContent>
    </Dialog>
  );
}

function CodeItem({ code }: { code: ImportCode }) {
  const { t } = useTranslation("customers");
  return (
    <li aria-label={code.name} className="grid gap-1 rounded-md border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="break-words font-medium">{code.name}</p>
        <p className="font-mono font-semibold text-base tracking-wider">{code.code}</p>
      </div>
      <p className="text-muted-foreground text-xs">
        {code.phone}
        {code.accepted ? ` · ${t("import.codes.accepted")}` : ""}
      </p>
      <p className="break-all text-xs">{shortUrl(code.url)}</p>
      {code.whatsappUrl && !code.accepted ? (
        <div>
          <Button asChild size="sm" variant="outline">
            <a
              href={code.whatsappUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("import.codes.whatsappLabel", { name: code.name })}
            >
              <MessageCircle aria-hidden="true" />
              {t("import.codes.whatsapp")}
            </a>
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The printed page: one slip per person, with a dashed border to cut along. */
function ImportSlips({ codes, companyName }: { codes: ImportCode[]; companyName: string }) {
  const { t } = useTranslation("customers");
  return (
    <div className="grid grid-cols-2 gap-0 bg-white text-black">
      {codes
        .filter((code) => !code.accepted)
        .map((code) => (
          <div
            key={code.line}
            className="break-inside-avoid border border-black border-dashed p-4 text-sm"
          >
            <p className="font-semibold">{code.name}</p>
            <p className="mt-1">
              {t("import.codes.slip", {
                company: companyName,
                url: pageUrl(code.url),
                code: code.code,
              })}
            </p>
            <p className="mt-2 text-center font-bold font-mono text-xl tracking-widest">
              {code.code}
            </p>
          </div>
        ))}
    </div>
  );
}
