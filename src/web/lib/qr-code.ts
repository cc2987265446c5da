import QRCode from "qrcode";
import { useEffect, useState } from "react";

/** 'Café São João' -> 'cafe-sao-joao' (a download's file name); `fallback` when nothing is left. */
export const slugify = (text: string, fallback: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "") || fallback;

/**
 * The QR code of `link` as a PNG data URL (256 px, margin 2, black on white: what a counter's
 * printer and a phone's camera both read), or null while it is drawn.
 */
export function useQrCodeImage(link: string): string | null {
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
  return image;
}

/** The downloaded QR code's side: sharp when printed at 8 cm (about 300 dpi) or larger. */
export const QR_DOWNLOAD_PX = 1024;

/**
 * Saves the print-size QR code of `link` (a PNG of at least QR_DOWNLOAD_PX, quiet zone of 4
 * modules, black on white) as `fileName`: drawn only for the download, the screen keeps its 256 px
 * image. Each module is a whole number of pixels, so its edges stay sharp when printed.
 */
export async function downloadQrCode(link: string, fileName: string) {
  const margin = 4;
  const errorCorrectionLevel = "M";
  const modules = QRCode.create(link, { errorCorrectionLevel }).modules.size + margin * 2;
  const url = await QRCode.toDataURL(link, {
    scale: Math.ceil(QR_DOWNLOAD_PX / modules),
    margin,
    errorCorrectionLevel,
    color: { dark: "#000000", light: "#ffffff" },
  });
  downloadDataUrl(url, fileName);
}

/** Saves a URL (a data URL, or a blob's object URL) as `fileName`. */
export function downloadDataUrl(url: string, fileName: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.click();
}
