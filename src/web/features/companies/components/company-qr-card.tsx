import { companyJoinPath } from "@shared/company-links";
import { Copy, Download, FileDown, QrCode } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { downloadQrCode, slugify, useQrCodeImage } from "@/web/lib/qr-code";
import { useDownloadPoster } from "../poster-api";

/**
 * The dashboard's QR code card: 256 px on screen, margin 2, black on white; copy the link, download
 * the code as a print-size PNG (1024 px) or the poster ('Baixar cartaz': an A4 poster and an A6
 * table card, made by the server). In the demo (`demo`), the made-up café has no real sign-up link:
 * the code leads to the customers' sign-up, `note` says so, and there is no poster to make.
 */
export function CompanyQrCard({
  companyId,
  tradeName,
  demo,
  settled = true,
}: {
  companyId: string;
  tradeName: string;
  demo?: { note: string };
  /** Whether the cards above it have their data (and so their height): see `useQrCodeImage`. */
  settled?: boolean;
}) {
  const { t } = useTranslation("companies");
  const origin = window.location.origin;
  const link = demo ? `${origin}/cadastro-cliente` : `${origin}${companyJoinPath(companyId)}`;
  // Drawn once the card comes into view: on a phone it is more than a screen down (decision 042).
  const card = useRef<HTMLDivElement>(null);
  const image = useQrCodeImage(link, { element: card, settled });
  const poster = useDownloadPoster();

  const copy = async () => {
    await navigator.clipboard.writeText(link);
    toast.success(t("qr.copied"));
  };

  const download = async () => {
    try {
      await downloadQrCode(link, `qrcode-${slugify(tradeName, "empresa")}.png`);
      toast.success(t("qr.downloaded"), { description: t("qr.downloadedDescription") });
    } catch (error) {
      console.error("QR code download failed", error);
      toast.error(t("qr.downloadFailed"));
    }
  };

  const downloadPoster = () =>
    poster.mutate(undefined, {
      onSuccess: ({ logoLeftOut }) =>
        toast.success(t("qr.posterDownloaded"), {
          description: logoLeftOut ? t("qr.posterLogoLeftOut") : t("qr.posterDescription"),
        }),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <Card ref={card}>
      <CardHeader className="grid-cols-[auto_1fr] items-center gap-x-3">
        <QrCode aria-hidden="true" className="size-5 text-primary" />
        <CardTitle asChild>
          <h2>{t("qr.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-center">
        {image ? (
          <img
            src={image}
            width={256}
            height={256}
            alt={t("qr.alt", { name: tradeName })}
            className="max-w-full rounded-md border"
          />
        ) : (
          <div className="size-64 max-w-full rounded-md border bg-muted" aria-hidden="true" />
        )}
        <div className="grid min-w-0 gap-3">
          <p className="text-muted-foreground text-sm">{t("qr.description")}</p>
          {demo ? (
            <p className="font-medium text-sm" data-testid="demo-qr-note">
              {demo.note}
            </p>
          ) : null}
          <p
            className="break-all rounded-md bg-muted p-2 font-mono text-xs"
            data-testid="join-link"
          >
            {link}
          </p>
          <div className="flex flex-wrap gap-2">
            {demo ? null : (
              <Button type="button" onClick={downloadPoster} disabled={poster.isPending}>
                {poster.isPending ? <Spinner /> : <FileDown aria-hidden="true" />}
                {poster.isPending ? t("qr.posterPending") : t("qr.poster")}
              </Button>
            )}
            <Button type="button" variant="outline" onClick={() => void download()}>
              <Download aria-hidden="true" />
              {t("qr.download")}
            </Button>
            <Button type="button" variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              {t("qr.copy")}
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
