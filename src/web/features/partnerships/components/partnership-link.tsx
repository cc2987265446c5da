import { Copy, Download } from "lucide-react";
import QRCode from "qrcode";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";

/** 'Padaria São João' -> 'padaria-sao-joao' (the QR code file name). */
const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "") || "parceiro";

/**
 * The own company's partnership link for the partner's program (spec section 9:
 * `/login-cliente?empresa_id=<partner>&parceria=<own>_<partner>`) with copy ('Link copiado!') and
 * its QR code for the counter (black on white, margin 2, like the company's own; 'QR Code baixado!').
 */
export function PartnershipLink({ path, partnerName }: { path: string; partnerName: string }) {
  const { t } = useTranslation("partnerships");
  const id = useId();
  const link = `${window.location.origin}${path}`;
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
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t("active.copied"));
    } catch {
      toast.error(t("active.copyError"));
    }
  };

  const download = () => {
    if (!image) return;
    const a = document.createElement("a");
    a.href = image;
    a.download = `qrcode-parceria-${slug(partnerName)}.png`;
    a.click();
    toast.success(t("active.downloaded"));
  };

  return (
    <div className="grid gap-3 rounded-lg bg-muted/50 p-3 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start">
      {image ? (
        <img
          src={image}
          width={128}
          height={128}
          alt={t("active.qrAlt", { name: partnerName })}
          className="size-32 rounded-md border bg-white"
        />
      ) : (
        <div className="size-32 rounded-md border bg-muted" aria-hidden="true" />
      )}
      <div className="grid min-w-0 gap-2">
        <label htmlFor={`${id}-link`} className="font-medium text-sm">
          {t("active.linkTitle")}
        </label>
        <p className="text-muted-foreground text-xs">
          {t("active.linkHint", { name: partnerName })}
        </p>
        <input
          id={`${id}-link`}
          readOnly
          value={link}
          onFocus={(e) => e.target.select()}
          className="w-full min-w-0 rounded-md border bg-background px-2 py-1.5 font-mono text-xs"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            {t("active.copy")}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={download} disabled={!image}>
            <Download aria-hidden="true" />
            {t("active.download")}
          </Button>
        </div>
      </div>
    </div>
  );
}
