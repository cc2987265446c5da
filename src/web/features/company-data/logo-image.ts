import { LOGO_MAX_BYTES, LOGO_TYPES } from "@shared/company-data.schema";

/** The longest side a logo keeps: it shows at 96 px at most, 1024 leaves room for print. */
export const LOGO_MAX_SIDE = 1024;

/** What to do with a chosen file before the upload. */
export type LogoPlan =
  | { action: "reject"; problem: "invalid" }
  | { action: "keep" }
  | { action: "scale"; width: number; height: number };

/**
 * JPEG, PNG, WebP (and GIF) are taken. One within 2 MB and 1024 px (or whose size the browser
 * cannot read) goes as it is; a larger one — a phone photo of 4 MB, 4000 px — is scaled down in
 * the browser to fit 1024 × 1024, keeping its proportions.
 */
export function logoPlan(
  file: { type: string; size: number },
  image: { width: number; height: number } | null,
): LogoPlan {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
    return { action: "reject", problem: "invalid" };
  }
  const side = image ? Math.max(image.width, image.height) : 0;
  if (file.size <= LOGO_MAX_BYTES && side <= LOGO_MAX_SIDE) return { action: "keep" };
  if (!image || side === 0) return { action: "keep" }; // the server says if it is too large
  const ratio = Math.min(1, LOGO_MAX_SIDE / side);
  return {
    action: "scale",
    width: Math.max(1, Math.round(image.width * ratio)),
    height: Math.max(1, Math.round(image.height * ratio)),
  };
}

const toBlob = (canvas: HTMLCanvasElement, type: string, quality?: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));

/** The image's size as the browser decodes it, or null (not an image, or no decoder here). */
export async function readImageSize(file: Blob) {
  if (typeof createImageBitmap !== "function") return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * The image drawn at `width` × `height`: WebP (keeps transparency) where the browser writes it,
 * else PNG, else JPEG when the PNG is still over 2 MB. Null when nothing fits in 2 MB.
 */
export async function scaleImage(file: Blob, width: number, height: number) {
  const bitmap = await createImageBitmap(file, {
    resizeWidth: width,
    resizeHeight: height,
    resizeQuality: "high",
  });
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  for (const [type, quality] of [
    ["image/webp", 0.9],
    ["image/png", undefined],
    ["image/jpeg", 0.88],
  ] as const) {
    const blob = await toBlob(canvas, type, quality);
    // A browser without a WebP encoder answers PNG: take it only in the PNG round.
    if (blob && blob.type === type && blob.size <= LOGO_MAX_BYTES) {
      const ext = type.split("/")[1];
      return new File([blob], `logo.${ext}`, { type });
    }
  }
  return null;
}
