import { describe, expect, it } from "vitest";
import { offersAppleWallet, offersGoogleWallet, walletPlatform } from "./wallet-platform";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-A155M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const offers = (nav: { userAgent: string; maxTouchPoints?: number }) => {
  const platform = walletPlatform(nav);
  return { apple: offersAppleWallet(platform), google: offersGoogleWallet(platform) };
};

describe("the wallets a device is offered", () => {
  it("offers an iPhone (and an iPad, which says it is a Mac) only Apple Wallet", () => {
    expect(offers({ userAgent: IPHONE, maxTouchPoints: 5 })).toEqual({
      apple: true,
      google: false,
    });
    expect(offers({ userAgent: MAC, maxTouchPoints: 5 })).toEqual({ apple: true, google: false });
  });

  it("offers an Android phone only Google Wallet", () => {
    expect(offers({ userAgent: ANDROID, maxTouchPoints: 5 })).toEqual({
      apple: false,
      google: true,
    });
  });

  it("offers a computer both", () => {
    expect(offers({ userAgent: MAC, maxTouchPoints: 0 })).toEqual({ apple: true, google: true });
    expect(offers({ userAgent: LINUX })).toEqual({ apple: true, google: true });
  });
});
