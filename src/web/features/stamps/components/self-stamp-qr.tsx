import { useQuery } from "@tanstack/react-query";
import { Maximize } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { useQrCodeImage } from "@/web/lib/qr-code";
import { selfStampCodeQueryOptions } from "../api";

/**
 * The counter screen's self-stamp code (/balcao/qr): a QR code as big as the screen allows, for a
 * customer's phone held a step away, changing every 30 seconds (a photo of it stops working within
 * a minute). `settingsLink` is where a company with the switch off turns it on (the route gives
 * it to whoever may).
 */
export function SelfStampQr({ settingsLink }: { settingsLink?: React.ReactNode }) {
  const { t } = useTranslation("stamps");
  const code = useQuery(selfStampCodeQueryOptions());
  const screen = useRef<HTMLDivElement>(null);

  if (code.isPending) return <Spinner />;
  if (code.isError && !code.data) {
    const off = code.error instanceof ApiError && code.error.code === "self_stamp_disabled";
    return (
      <div className="grid justify-items-start gap-3">
        <p role="alert" className={off ? "" : "text-destructive"}>
          {off ? t("qr.disabled") : errorMessage(code.error)}
        </p>
        {off ? settingsLink : null}
      </div>
    );
  }

  return (
    <div
      ref={screen}
      className="grid justify-items-center gap-4 rounded-xl bg-white p-4 text-center text-black"
    >
      <p className="font-bold text-2xl md:text-4xl">{t("qr.heading")}</p>
      <p className="text-lg md:text-2xl">{t("qr.instructions")}</p>
      <QrImage url={code.data.url} alt={t("qr.alt")} />
      <p className="text-neutral-600 text-sm">{t("qr.rotates")}</p>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="bg-white text-black"
        onClick={() => void screen.current?.requestFullscreen?.().catch(() => {})}
      >
        <Maximize aria-hidden="true" />
        {t("qr.fullScreen")}
      </Button>
    </div>
  );
}

function QrImage({ url, alt }: { url: string; alt: string }) {
  const image = useQrCodeImage(url);
  if (!image) return <div className="aspect-square w-full max-w-[min(70svh,36rem)]" />;
  return (
    <img
      src={image}
      alt={alt}
      data-url={url}
      className="aspect-square w-full max-w-[min(70svh,36rem)] [image-rendering:pixelated]"
    />
  );
}
