import { readFile } from "node:fs/promises";
import { expect, test } from "./support/test";

/** A PNG's width, from its IHDR chunk (bytes 16 to 19, big-endian). */
const pngWidth = (bytes: Buffer) => bytes.readUInt32BE(16);

test("the dashboard's QR card downloads the poster's PDF and a print-size QR code, at 360 px", async ({
  accounts,
}) => {
  const account = await accounts.company({
    companyName: "Padaria Pão Quente",
    email: "dono@paoquente.example",
  });
  const context = await accounts.signedIn(account, {
    viewport: { width: 360, height: 740 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto("/dashboard");
  const card = page.locator("#qr-code");
  // On a phone the card is more than a screen down, below 'Primeiros passos': its code is drawn
  // once the owner scrolls to it (decision 042).
  await page.getByText("Primeiros passos").first().waitFor();
  await card.scrollIntoViewIfNeeded();
  await card.getByRole("img", { name: /QR code/ }).waitFor();

  const [poster] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("button", { name: "Baixar cartaz" }).click(),
  ]);
  expect(poster.suggestedFilename()).toBe("cartaz-padaria-pao-quente.pdf");
  const pdf = await readFile(await poster.path());
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  await expect(page.getByText("Cartaz baixado!")).toBeVisible();

  const [qr] = await Promise.all([
    page.waitForEvent("download"),
    card.getByRole("button", { name: "Baixar QR Code" }).click(),
  ]);
  expect(qr.suggestedFilename()).toBe("qrcode-padaria-pao-quente.png");
  expect(pngWidth(await readFile(await qr.path()))).toBeGreaterThanOrEqual(1024);

  // The card's three buttons wrap: nothing scrolls sideways on a 360 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});
