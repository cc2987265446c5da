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

/** Saves a data URL (the QR code's PNG) as `fileName`. */
export function downloadDataUrl(url: string, fileName: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.click();
}
