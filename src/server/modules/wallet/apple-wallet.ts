/**
 * Apple Wallet (issue 32): a card's pass, a `.pkpass` built with passkit-generator (a zip of
 * pass.json, the pictures, manifest.json with each file's SHA-1, and `signature`, the manifest's
 * detached PKCS#7 signature with the pass type's certificate and Apple's WWDR certificate). A
 * store card in the company's colours: the stamps drawn as a strip of circles, the reward, and the
 * customer's short counter code as its QR code (the counter takes it scanned as it takes it typed).
 * Its serial number is the card id; its web service (passkit.routes.ts) keeps it up to date.
 */
import { brandPalette } from "@shared/brand-color";
import { PKPass } from "passkit-generator";
import type { AppleWalletEnv } from "../../env";
import { iconPng, logoPng, type PassColors, rgbOf, stripPng } from "./apple-pass-images";
import type { WalletCard } from "./google-wallet";

export type AppleWalletConfig = AppleWalletEnv;

/**
 * The process's Apple Wallet configuration (env APPLE_PASS_* and APNS_*), set once at start
 * (server.ts); undefined: the feature is off (no button, no web service, no pushes). The tests set
 * it and set it back.
 */
let current: AppleWalletConfig | undefined;

export function setAppleWallet(config: AppleWalletConfig | undefined) {
  current = config;
}

export const appleWalletConfig = () => current;

export const PKPASS_CONTENT_TYPE = "application/vnd.apple.pkpass";

/** PassKit appends `/v1/devices/...` and `/v1/passes/...` to it. */
export const webServiceUrl = (appUrl: string) => `${appUrl}/api/passkit`;

const rgb = (hex: string) => `rgb(${rgbOf(hex).join(", ")})`;

/** The label colour: the text colour 30% of the way to the background (readable, quieter). */
function labelColor(colors: PassColors): string {
  const fg = rgbOf(colors.foreground);
  const bg = rgbOf(colors.background);
  return `rgb(${fg.map((c, i) => Math.round(c + ((bg[i] as number) - c) * 0.3)).join(", ")})`;
}

const counterCodeText = (code: string) => `${code.slice(0, 3)}-${code.slice(3)}`;

/** What a pass is made of besides the card: its token, the customer's code, the company's logo. */
export type ApplePassInput = {
  card: WalletCard;
  counterCode: string | null;
  authenticationToken: string;
  /** The company's logo when it is a PNG (Wallet takes PNG only); else a drawn one. */
  logo: Uint8Array | null;
  appUrl: string;
};

/** pass.json: the store card's fields (its pictures and signature come in `buildPkpass`). */
export function passJson(config: AppleWalletConfig, input: ApplePassInput) {
  const { card, counterCode } = input;
  const colors = brandPalette(card.brandColor);
  const progress = `${card.stamps}/${card.maxStamps}`;
  return {
    formatVersion: 1,
    passTypeIdentifier: config.passTypeId,
    teamIdentifier: config.teamId,
    serialNumber: card.cardId,
    organizationName: card.companyName,
    description: `Cartão fidelidade ${card.companyName}`,
    logoText: card.companyName,
    backgroundColor: rgb(colors.background),
    foregroundColor: rgb(colors.foreground),
    labelColor: labelColor(colors),
    webServiceURL: webServiceUrl(input.appUrl),
    authenticationToken: input.authenticationToken,
    sharingProhibited: true,
    ...(counterCode
      ? {
          barcodes: [
            {
              format: "PKBarcodeFormatQR",
              message: counterCode,
              messageEncoding: "iso-8859-1",
              altText: counterCodeText(counterCode),
            },
          ],
        }
      : {}),
    storeCard: {
      headerFields: [
        {
          key: "stamps",
          label: "CARIMBOS",
          value: progress,
          // The lock screen's notice when an update changes it.
          changeMessage: "Seu cartão agora tem %@ carimbos",
        },
      ],
      secondaryFields: [
        { key: "reward", label: "PRÊMIO", value: card.reward },
        {
          key: "status",
          label: "SITUAÇÃO",
          value:
            card.status === "redeemed"
              ? "Resgatado"
              : card.status === "complete"
                ? "Completo: peça seu prêmio"
                : "Em andamento",
          changeMessage: "%@",
        },
      ],
      auxiliaryFields: [{ key: "program", label: "PROGRAMA", value: card.programName }],
      backFields: [
        { key: "customer", label: "Cliente", value: card.customerName },
        {
          key: "how",
          label: "Como usar",
          value:
            "Mostre o código QR no balcão a cada compra para ganhar carimbos. O cartão se atualiza sozinho a cada carimbo.",
        },
        { key: "site", label: "Carimbou", value: input.appUrl },
      ],
    },
  };
}

/** The signed `.pkpass` (its bytes). */
export async function buildPkpass(config: AppleWalletConfig, input: ApplePassInput) {
  const { card } = input;
  const colors = brandPalette(card.brandColor);
  const logo = input.logo ? Buffer.from(input.logo) : null;
  const pass = new PKPass(
    {
      "pass.json": Buffer.from(JSON.stringify(passJson(config, input))),
      "icon.png": iconPng(colors, 29),
      "icon@2x.png": iconPng(colors, 58),
      "icon@3x.png": iconPng(colors, 87),
      "logo.png": logo ?? logoPng(colors, 50),
      "logo@2x.png": logo ?? logoPng(colors, 100),
      "strip.png": stripPng(colors, card.stamps, card.maxStamps, 1),
      "strip@2x.png": stripPng(colors, card.stamps, card.maxStamps, 2),
    },
    {
      wwdr: config.wwdrCert,
      signerCert: config.signerCert,
      signerKey: config.signerKey,
      ...(config.signerKeyPassphrase ? { signerKeyPassphrase: config.signerKeyPassphrase } : {}),
    },
  );
  return pass.getAsBuffer();
}
