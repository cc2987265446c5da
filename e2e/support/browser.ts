import { type Browser, chromium } from "playwright-core";
import { testEnv } from "../../src/server/test/test-env";

export const CHROMIUM_PATH = testEnv.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The flags Chromium needs in this sandbox (no sandboxing as root, no GPU, no network of its own). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** Debian's Chromium, headless, with the flags this sandbox needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}
