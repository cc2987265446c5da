import { Copy, Download } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { downloadDataUrl, slugify, useQrCodeImage } from "@/web/lib/qr-code";

/**
 * The own company's partnership link for the partner's program (spec section 9:
 * `/login-cliente?empresa_id=<partner>&parceria=<own>_<partner>`) with copy ('Link copiado!') and
 * its QR code for the counter (black on white, margin 2, like the company's own; 'QR Code baixado!').
 */
export function PartnershipLink({ path, partnerName }: { path: string; partnerName: string }) {
  const { t } = useTranslation("partnerships");
  const id = useId();
  const link = `${window.location.origin}${path}`;
  const image = useQrCodeImage(link);

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
    downloadDataUrl(image, `qrcode-parceria-${slugify(partnerName, "parceiro")}.png`);
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
