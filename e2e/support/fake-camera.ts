import { writeFileSync } from "node:fs";
import type { BrowserContext, Locator } from "@playwright/test";

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 2;

/**
 * What Chromium's fake camera shows (`--use-file-for-fake-video-capture=<file>`): the picture of
 * `element` (a QR code as the customer's page draws it) on white, in a Y4M file — a one-line
 * header, then frames of raw YUV 4:2:0 (the brightness of each pixel, then the two colour planes,
 * left grey). The screenshot is decoded by a blank page of `context` (no dependency to read PNG).
 */
export async function writeFakeCameraFile(
  context: BrowserContext,
  element: Locator,
  file: string,
): Promise<void> {
  const png = await element.screenshot();
  const blank = await context.newPage();
  const picture = await blank.evaluate(async (base64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${base64}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d canvas");
    ctx.drawImage(img, 0, 0);
    const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const luma: number[] = [];
    for (let i = 0; i < rgba.length; i += 4) {
      luma.push(Math.round(0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!));
    }
    return { width: canvas.width, height: canvas.height, luma };
  }, png.toString("base64"));
  await blank.close();

  // Scaled (nearest pixel) to fill most of the frame, centred on white.
  const scale = Math.max(
    0.5,
    Math.min((HEIGHT - 40) / picture.height, (WIDTH - 40) / picture.width),
  );
  const drawnW = Math.floor(picture.width * scale);
  const drawnH = Math.floor(picture.height * scale);
  const left = Math.floor((WIDTH - drawnW) / 2);
  const top = Math.floor((HEIGHT - drawnH) / 2);
  const y = Buffer.alloc(WIDTH * HEIGHT, 255);
  for (let row = 0; row < drawnH; row++) {
    const from = Math.min(picture.height - 1, Math.floor(row / scale)) * picture.width;
    for (let col = 0; col < drawnW; col++) {
      const source = from + Math.min(picture.width - 1, Math.floor(col / scale));
      y[(top + row) * WIDTH + left + col] = picture.luma[source]!;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}
