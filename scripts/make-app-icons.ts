/**
 * The installable app's icons (issue 32), drawn from the favicon (src/web/public/favicon.svg) by
 * Chromium, so they match the logo exactly without an image library: 192 and 512 px as the logo
 * is (rounded square, transparent corners), a 512 px maskable one (the mark at 80 % on a full
 * purple square, inside the 80 % circle a launcher may cut) and Apple's 180 px touch icon (full
 * square; iOS rounds it). The PNGs are committed; run `npx tsx scripts/make-app-icons.ts` again
 * after changing the logo.
 */
import { readFileSync } from "node:fs";
import { launchBrowser } from "../e2e/support/browser";

const web = new URL("../src/web/public/", import.meta.url).pathname;
const svg = readFileSync(`${web}favicon.svg`, "utf8");
/** The mark alone (the favicon without its rounded square), for the full-bleed icons. */
const mark = svg.replace(/<rect[^>]*\/>/, "");
const BRAND = /fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? "#5b3fd6";

const icons = [
  { file: "icon-192.png", size: 192, html: svg, fullBleed: false, scale: 1 },
  { file: "icon-512.png", size: 512, html: svg, fullBleed: false, scale: 1 },
  { file: "icon-maskable-512.png", size: 512, html: mark, fullBleed: true, scale: 0.8 },
  { file: "apple-touch-icon.png", size: 180, html: mark, fullBleed: true, scale: 0.8 },
];

const browser = await launchBrowser();
const page = await browser.newPage();
for (const icon of icons) {
  const inner = Math.round(icon.size * icon.scale);
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(
    `<body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;background:${icon.fullBleed ? BRAND : "transparent"}">
      <div style="width:${inner}px;height:${inner}px">${icon.html.replace("<svg ", `<svg width="${inner}" height="${inner}" `)}</div>
    </body>`,
  );
  await page.screenshot({ path: `${web}icons/${icon.file}`, omitBackground: !icon.fullBleed });
  console.log(`${icon.file}: ${icon.size}x${icon.size}`);
}
await browser.close();
