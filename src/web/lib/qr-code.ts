import { type RefObject, useEffect, useState } from "react";

/**
 * The QR code library (9 KB gzipped), fetched when a code is first drawn or downloaded: the
 * dashboard's QR card is more than a screen down on a phone (decision 042).
 */
const loadQrCode = () => import("qrcode").then((module) => module.default);

/** A screen wide enough for the dashboard's two columns, where its QR card is near the top. */
const WIDE_SCREEN = "(min-width: 1024px)";

/** Draw the code once `element` is on screen, judged once the page above it is `settled`. */
export type WhenSeen = { element: RefObject<Element | null>; settled: boolean };

/**
 * Whether `near`'s element has come into view, looked at once the page is settled (cards above it
 * that appear with their data would push it down). At once without `near`, on a wide screen, or
 * where the browser cannot tell.
 */
function useInView(near: WhenSeen | undefined): boolean {
  const [inView, setInView] = useState(
    () => !near || typeof IntersectionObserver === "undefined" || matchMedia(WIDE_SCREEN).matches,
  );
  useEffect(() => {
    const element = near?.element.current;
    if (inView || !element || !near?.settled) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setInView(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near?.element, near?.settled, inView]);
  return inView;
}

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
 * printer and a phone's camera both read), or null while it is drawn. With `near`, it is drawn
 * once its element comes into view (the caller shows a placeholder of the same size until then).
 */
export function useQrCodeImage(link: string, near?: WhenSeen): string | null {
  const [image, setImage] = useState<string | null>(null);
  const inView = useInView(near);
  useEffect(() => {
    if (!inView) return;
    let live = true;
    loadQrCode()
      .then((QRCode) =>
        QRCode.toDataURL(link, {
          width: 256,
          margin: 2,
          color: { dark: "#000000", light: "#ffffff" },
        }),
      )
      .then((url) => live && setImage(url))
      .catch((error) => console.error("QR code generation failed", error));
    return () => {
      live = false;
    };
  }, [link, inView]);
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
  const QRCode = await loadQrCode();
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
