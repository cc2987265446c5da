import { brandPalette, contrastRatio } from "@shared/brand-color";
import type { Locale } from "@shared/languages";
import {
  type Color,
  PageSizes,
  PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  rgb,
  StandardFonts,
} from "pdf-lib";
import QRCode, { type BitMatrix } from "qrcode";
import { posterCopy } from "./poster-copy";

/** What the poster shows ('Baixar cartaz'): page 1 an A4 poster, page 2 an A6 table card. */
export type PosterContent = {
  tradeName: string;
  /** '#rrggbb', or null for the app's default. */
  brandColor: string | null;
  /** The logo's bytes when it is a PNG or JPEG (other types are left out: the name stands alone). */
  logo: Uint8Array | null;
  stampsRequired: number;
  reward: string;
  /** The full join link the QR code holds. */
  joinUrl: string;
  /** The link printed under the code, without https:// (e.g. carimbou.com.br/e/…). */
  shortLink: string;
  locale: Locale;
};

/**
 * Sizes of one page, in points (1/72 in). A6 is A4 halved twice, but read from a table at arm's
 * length: its type is larger than half the poster's.
 */
type Layout = {
  size: [number, number];
  margin: number;
  band: number;
  logo: number;
  name: { max: number; min: number };
  kicker: number;
  reward: { max: number; min: number; box: number };
  qr: number;
  linkLead: number;
  link: number;
  step: { text: number; circle: number; box: number };
  footer: number;
};

const A4: Layout = {
  size: PageSizes.A4,
  margin: 48,
  band: 176,
  logo: 76,
  name: { max: 30, min: 16 },
  kicker: 12,
  reward: { max: 44, min: 20, box: 150 },
  qr: 272,
  linkLead: 10,
  link: 13,
  step: { text: 12.5, circle: 26, box: 92 },
  footer: 8,
};

const A6: Layout = {
  size: PageSizes.A6,
  margin: 18,
  band: 80,
  logo: 36,
  name: { max: 15, min: 9 },
  kicker: 7,
  reward: { max: 20, min: 10, box: 62 },
  qr: 138,
  linkLead: 6,
  link: 7,
  step: { text: 7, circle: 14, box: 56 },
  footer: 5,
};

const INK = "#111827";
const MUTED = "#4b5563";
const LINE_HEIGHT = 1.18;

const color = (hex: string): Color => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 0xff) / 255, ((n >> 8) & 0xff) / 255, (n & 0xff) / 255);
};

/**
 * The text with only what the standard fonts (WinAnsi) can draw: accented Latin letters stay;
 * a letter they lack falls back to its base letter; emoji and other symbols are dropped.
 */
export function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  let out = "";
  for (const char of text.normalize("NFC").replace(/\s+/g, " ")) {
    if (known.has(char.codePointAt(0) ?? 0)) out += char;
    else {
      const base = char.normalize("NFD")[0] ?? "";
      if (base !== char && known.has(base.codePointAt(0) ?? 0)) out += base;
    }
  }
  return out.replace(/\s+/g, " ").trim();
}

/** Lines of `text` at most `width` wide (a word longer than a line is cut across lines). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const lines: string[] = [];
  let line = "";
  for (let word of text.split(" ")) {
    while (!fits(word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fits(word.slice(0, cut))) cut--;
      if (line) lines.push(line);
      lines.push(word.slice(0, cut));
      line = "";
      word = word.slice(cut);
    }
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The largest size from `max` down to `min` at which `text` fits `width` × `height`; at `min`
 * the lines that do not fit are left out and the last one ends with '…'.
 */
function fitText(
  font: PDFFont,
  text: string,
  { max, min, width, height }: { max: number; min: number; width: number; height: number },
): { size: number; lines: string[] } {
  for (let size = max; size >= min; size -= 0.5) {
    const lines = wrap(font, text, size, width);
    if (lines.length * size * LINE_HEIGHT <= height) return { size, lines };
  }
  const keep = Math.max(1, Math.floor(height / (min * LINE_HEIGHT)));
  const lines = wrap(font, text, min, width);
  if (lines.length <= keep) return { size: min, lines };
  let last = lines[keep - 1] ?? "";
  while (last && font.widthOfTextAtSize(`${last}…`, min) > width) last = last.slice(0, -1);
  return { size: min, lines: [...lines.slice(0, keep - 1), `${last.trimEnd()}…`] };
}

/** Draws `lines` centred on the page, the first baseline at `top - size`; returns the bottom. */
function drawCentered(
  page: PDFPage,
  font: PDFFont,
  { lines, size }: { lines: string[]; size: number },
  top: number,
  ink: Color,
  centerX = page.getWidth() / 2,
): number {
  let y = top;
  for (const line of lines) {
    y -= size * LINE_HEIGHT;
    const x = centerX - font.widthOfTextAtSize(line, size) / 2;
    page.drawText(line, { x, y: y + size * (LINE_HEIGHT - 1), size, font, color: ink });
  }
  return y;
}

/**
 * The QR code as vector squares: one path of the dark modules' runs (no seams between them),
 * with a white quiet zone of 4 modules; `top` is its upper edge.
 */
function drawQr(page: PDFPage, modules: BitMatrix, top: number, side: number) {
  const quiet = 4;
  const count = modules.size + quiet * 2;
  const unit = side / count;
  const x = (page.getWidth() - side) / 2;
  page.drawRectangle({ x, y: top - side, width: side, height: side, color: rgb(1, 1, 1) });
  let path = "";
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      path += `M${start + quiet} ${row + quiet}h${col - start}v1h${start - col}z`;
    }
  }
  page.drawSvgPath(path, { x, y: top, scale: unit, color: rgb(0, 0, 0), borderWidth: 0 });
}

/** A rounded rectangle's path (SVG, y down from its top-left corner). */
const roundedRect = (w: number, h: number, r: number) =>
  `M${r} 0h${w - 2 * r}a${r} ${r} 0 0 1 ${r} ${r}v${h - 2 * r}a${r} ${r} 0 0 1 -${r} ${r}` +
  `h-${w - 2 * r}a${r} ${r} 0 0 1 -${r} -${r}v-${h - 2 * r}a${r} ${r} 0 0 1 ${r} -${r}z`;

type Fonts = { regular: PDFFont; bold: PDFFont };
type Drawn = {
  content: PosterContent;
  copy: ReturnType<typeof posterCopy>;
  fonts: Fonts;
  logo: PDFImage | null;
  qr: BitMatrix;
  palette: { band: string; onBand: string; accent: string; onAccent: string };
};

function drawPage(doc: PDFDocument, d: Drawn, l: Layout) {
  const page = doc.addPage(l.size);
  const [width, height] = l.size;
  const inner = width - 2 * l.margin;
  const { regular, bold } = d.fonts;

  // The band in the brand's colour: the logo on a white tile, the trade name under it.
  page.drawRectangle({
    x: 0,
    y: height - l.band,
    width,
    height: l.band,
    color: color(d.palette.band),
  });
  let top = height - l.band * 0.14;
  if (d.logo) {
    const tile = l.logo + l.logo * 0.16;
    page.drawSvgPath(roundedRect(tile, tile, tile * 0.14), {
      x: (width - tile) / 2,
      y: top,
      color: rgb(1, 1, 1),
      borderWidth: 0,
    });
    const { width: w, height: h } = d.logo.scaleToFit(l.logo, l.logo);
    page.drawImage(d.logo, { x: (width - w) / 2, y: top - (tile + h) / 2, width: w, height: h });
    top -= tile + l.band * 0.06;
  }
  const nameSpace = top - (height - l.band) - l.band * 0.08;
  const name = printable(bold, d.content.tradeName);
  const nameFit = fitText(bold, name, { ...l.name, width: inner, height: nameSpace });
  const nameHeight = nameFit.lines.length * nameFit.size * LINE_HEIGHT;
  drawCentered(page, bold, nameFit, top - (nameSpace - nameHeight) / 2, color(d.palette.onBand));

  // 'CARTÃO FIDELIDADE' and the reward in large type.
  top = height - l.band - l.kicker * 2.2;
  const kicker = printable(bold, d.copy.kicker);
  const kickerX = (width - bold.widthOfTextAtSize(kicker, l.kicker)) / 2;
  page.drawText(kicker, {
    x: kickerX,
    y: top,
    size: l.kicker,
    font: bold,
    color: color(d.palette.accent),
  });
  top -= l.kicker * 0.9;
  const reward = printable(bold, d.copy.reward(d.content.stampsRequired, d.content.reward));
  const rewardFit = fitText(bold, reward, { ...l.reward, width: inner, height: l.reward.box });
  const rewardHeight = rewardFit.lines.length * rewardFit.size * LINE_HEIGHT;
  drawCentered(page, bold, rewardFit, top - (l.reward.box - rewardHeight) / 2, color(INK));
  top -= l.reward.box + l.qr * 0.02;

  // The QR code, then the short link for typing by hand.
  drawQr(page, d.qr, top, l.qr);
  top -= l.qr + l.linkLead * 0.6;
  drawCentered(
    page,
    regular,
    { lines: [printable(regular, d.copy.linkLead)], size: l.linkLead },
    top,
    color(MUTED),
  );
  top -= l.linkLead * LINE_HEIGHT;
  const link = fitText(bold, printable(bold, d.content.shortLink), {
    max: l.link,
    min: l.link * 0.6,
    width: inner,
    height: l.link * LINE_HEIGHT * 2,
  });
  top = drawCentered(page, bold, link, top, color(INK));

  // Three steps side by side: a numbered circle in the brand's colour over each step's words.
  const stepsTop = l.margin * 0.5 + l.footer * 2 + l.step.box;
  const column = inner / 3;
  d.copy.steps.forEach((step, i) => {
    const cx = l.margin + column * i + column / 2;
    const r = l.step.circle / 2;
    page.drawCircle({ x: cx, y: stepsTop - r, size: r, color: color(d.palette.accent) });
    const digit = String(i + 1);
    const digitSize = l.step.circle * 0.55;
    page.drawText(digit, {
      x: cx - bold.widthOfTextAtSize(digit, digitSize) / 2,
      y: stepsTop - r - digitSize * 0.36,
      size: digitSize,
      font: bold,
      color: color(d.palette.onAccent),
    });
    const words = fitText(regular, printable(regular, step), {
      max: l.step.text,
      min: l.step.text * 0.75,
      width: column - l.margin * 0.3,
      height: l.step.box - l.step.circle - l.step.text * 0.5,
    });
    drawCentered(
      page,
      regular,
      words,
      stepsTop - l.step.circle - l.step.text * 0.4,
      color(INK),
      cx,
    );
  });

  const footer = printable(regular, d.copy.footer);
  page.drawText(footer, {
    x: (width - regular.widthOfTextAtSize(footer, l.footer)) / 2,
    y: l.margin * 0.5,
    size: l.footer,
    font: regular,
    color: color(MUTED),
  });
}

/** The logo embedded when it is a PNG or JPEG that pdf-lib reads; otherwise null (no logo). */
async function embedLogo(doc: PDFDocument, bytes: Uint8Array | null): Promise<PDFImage | null> {
  if (!bytes || bytes.length < 4) return null;
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
      return await doc.embedPng(bytes);
    }
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
      return await doc.embedJpg(bytes);
  } catch {
    // A damaged image: the poster goes without it rather than failing.
  }
  return null;
}

/**
 * The poster's PDF: page 1 an A4 poster, page 2 an A6 table card (the same content); `logo` says
 * whether the logo made it in (a GIF, WebP or damaged file does not).
 */
export async function renderPosterPdf(
  content: PosterContent,
): Promise<{ bytes: Uint8Array; logo: boolean }> {
  const doc = await PDFDocument.create();
  const copy = posterCopy(content.locale);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const { background, foreground } = brandPalette(content.brandColor);
  // The brand colour as text on white only when it reads there (3:1, large text); else ink.
  const accent = contrastRatio(background, "#ffffff") >= 3 ? background : INK;
  const drawn: Drawn = {
    content,
    copy,
    fonts,
    logo: await embedLogo(doc, content.logo),
    qr: QRCode.create(content.joinUrl, { errorCorrectionLevel: "Q" }).modules,
    palette: {
      band: background,
      onBand: foreground,
      accent,
      onAccent: accent === background ? foreground : "#ffffff",
    },
  };
  drawPage(doc, drawn, A4);
  drawPage(doc, drawn, A6);
  const name = printable(fonts.regular, content.tradeName);
  doc.setTitle(copy.title(name));
  doc.setLanguage(content.locale);
  doc.setCreator("Carimbou");
  doc.setProducer("Carimbou");
  return { bytes: await doc.save(), logo: drawn.logo !== null };
}
