import { Copy, Download, QrCode } from "lucide-react";
import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";

/** The link a customer scans to join: /login-cliente?empresa_id={id}&origem=qrcode_empresa. */
export const joinLink = (origin: string, companyId: string) =>
  `${origin}/login-cliente?empresa_id=${encodeURIComponent(companyId)}&origem=qrcode_empresa`;

/** 'Café São João' -> 'cafe-sao-joao' (the QR code file name). */
export const slugify = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "") || "empresa";

/** The dashboard's QR code card: 256 px, margin 2, black on white; copy the link or download it. */
export function CompanyQrCard({ companyId, tradeName }: { companyId: string; tradeName: string }) {
  const { t } = useTranslation("companies");
  const link = joinLink(window.location.origin, companyId);
  const [image, setImage] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(link, { width: 256, margin: 2, color: { dark: "#000000", light: "#ffffff" } })
      .then((url) => live && setImage(url))
      .catch((error) => console.error("QR code generation failed", error));
    return () => {
      live = false;
    };
  }, [link]);

  const copy = async () => {
    await navigator.clipboard.writeText(link);
    toast.success(t("qr.copied"));
  };

  const download = () => {
    if (!image) return;
    const a = document.createElement("a");
    a.href = image;
    a.download = `qrcode-${slugify(tradeName)}.png`;
    a.click();
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
