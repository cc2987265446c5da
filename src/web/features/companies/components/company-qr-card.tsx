import { Copy, Download, QrCode } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { downloadDataUrl, slugify, useQrCodeImage } from "@/web/lib/qr-code";

/** The link a customer scans to join: /login-cliente?empresa_id={id}&origem=qrcode_empresa. */
export const joinLink = (origin: string, companyId: string) =>
  `${origin}/login-cliente?empresa_id=${encodeURIComponent(companyId)}&origem=qrcode_empresa`;

/**
 * The dashboard's QR code card: 256 px, margin 2, black on white; copy the link or download it.
 * In the demo (`demo`), the made-up café has no real sign-up link: the code leads to the
 * customers' sign-up, and `note` says so.
 */
export function CompanyQrCard({
  companyId,
  tradeName,
  demo,
}: {
  companyId: string;
  tradeName: string;
  demo?: { note: string };
}) {
  const { t } = useTranslation("companies");
  const link = demo
    ? `${window.location.origin}/login-cliente`
    : joinLink(window.location.origin, companyId);
  const image = useQrCodeImage(link);

  const copy = async () => {
    await navigator.clipboard.writeText(link);
    toast.success(t("qr.copied"));
  };

  const download = () => {
    if (!image) return;
    downloadDataUrl(image, `qrcode-${slugify(tradeName, "empresa")}.png`);
    toast.success(t("qr.downloaded"), { description: t("qr.downloadedDescription") });
  };

  return (
    <Card>
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
            className="rounded-md border"
          />
        ) : (
          <div className="size-64 rounded-md border bg-muted" aria-hidden="true" />
        )}
        <div className="grid gap-3">
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
            <Button type="button" variant="outline" onClick={() => void copy()}>
              <Copy aria-hidden="true" />
              {t("qr.copy")}
            </Button>
            <Button type="button" onClick={download} disabled={!image}>
              <Download aria-hidden="true" />
              {t("qr.download")}
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
