import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/error-message";
import { useVoucher } from "../api";

/** On a complete card: 'Gerar voucher' shows a short redemption code and its QR code. */
export function VoucherPanel({ cardId }: { cardId: string }) {
  const { t } = useTranslation("customer");
  const voucher = useVoucher();
  const [image, setImage] = useState<string | null>(null);
  const code = voucher.data?.code;

  useEffect(() => {
    if (!code) return;
    QRCode.toDataURL(code, { width: 192, margin: 2 })
      .then(setImage)
      .catch((error) => console.error("QR code generation failed", error));
  }, [code]);

  if (code) {
    return (
      <div className="grid justify-items-center gap-2 rounded-lg border p-4 text-center">
        <p className="text-sm">{t("voucher.show")}</p>
        <p className="font-bold font-mono text-3xl tracking-widest" data-testid="voucher-code">
          {code}
        </p>
        {image ? (
          <img src={image} width={192} height={192} alt={t("voucher.qrAlt", { code })} />
        ) : null}
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <Button type="button" onClick={() => voucher.mutate(cardId)} disabled={voucher.isPending}>
        {t("voucher.generate")}
      </Button>
      {voucher.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(voucher.error)}
        </p>
      ) : null}
    </div>
  );
}
