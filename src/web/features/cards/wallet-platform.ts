/**
 * Which wallet a phone has: an iPhone or iPad has Apple Wallet and no Google Wallet, an Android
 * phone the reverse. A `.pkpass` on Android, or Google's save page on an iPhone, leads nowhere, so
 * each phone is offered only its own wallet; a computer (a Mac's Safari adds a pass to the
 * iPhone's Wallet, Google's page saves to the account) is offered both.
 */
export type WalletPlatform = "apple" | "android" | "other";

export function walletPlatform(nav: {
  userAgent: string;
  maxTouchPoints?: number;
}): WalletPlatform {
  const ua = nav.userAgent;
  if (/Android/i.test(ua)) return "android";
  // iPadOS says it is a Mac; a touch screen tells them apart.
  if (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && (nav.maxTouchPoints ?? 0) > 1)) {
    return "apple";
  }
  return "other";
}

export const offersAppleWallet = (platform: WalletPlatform) => platform !== "android";
export const offersGoogleWallet = (platform: WalletPlatform) => platform !== "apple";
