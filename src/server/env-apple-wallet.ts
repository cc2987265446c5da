/**
 * Apple Wallet's variables (env.ts reads them with the rest): APPLE_PASS_TYPE_ID, APPLE_TEAM_ID,
 * APPLE_PASS_CERT, APPLE_PASS_KEY (and its passphrase), APPLE_WWDR_CERT, APNS_KEY, APNS_KEY_ID and
 * APNS_HOST, checked here so that a certificate or key Node cannot read stops the start.
 */
import { createPrivateKey, X509Certificate } from "node:crypto";

/** localhost or loopback: the only hosts APNS_HOST may reach over plain http (the tests' fake). */
const isLocalHost = (url: string) =>
  /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(new URL(url).hostname);

/** What the app needs to sign Apple Wallet passes and push their updates (modules/wallet). */
export type AppleWalletEnv = {
  passTypeId: string;
  teamId: string;
  /** The pass type's certificate and private key, and Apple's WWDR certificate (PEM). */
  signerCert: string;
  signerKey: string;
  signerKeyPassphrase: string | undefined;
  wwdrCert: string;
  /** The APNs token key (the .p8 file, an EC P-256 key in PEM) and its id. */
  apnsKey: string;
  apnsKeyId: string;
  /** APNs, without a trailing slash (https; http:// only on this machine, for the tests' fake). */
  apnsHost: string;
};

/** A PEM given in one line with literal "\n" (as many hosts take env values) made whole again. */
const pemOf = (value: string) => value.replace(/\\n/g, "\n").trim();

const APPLE_REQUIRED = [
  "APPLE_PASS_TYPE_ID",
  "APPLE_TEAM_ID",
  "APPLE_PASS_CERT",
  "APPLE_PASS_KEY",
  "APPLE_WWDR_CERT",
  "APNS_KEY",
  "APNS_KEY_ID",
] as const;

/**
 * All of Apple Wallet's variables, or none (feature off); half a configuration is an error, and
 * so is a certificate or key that Node cannot read (found at start, not at the first download).
 */
export function appleWalletOf(
  e: Partial<Record<(typeof APPLE_REQUIRED)[number] | "APPLE_PASS_KEY_PASSPHRASE", string>> & {
    APNS_HOST: string;
  },
): AppleWalletEnv | undefined {
  const missing = APPLE_REQUIRED.filter((name) => !e[name]);
  if (missing.length === APPLE_REQUIRED.length) return undefined;
  if (missing.length > 0) {
    throw new Error(
      `${APPLE_REQUIRED.join(", ")} go together: set all of them for Apple Wallet passes, or none to leave them off (missing: ${missing.join(", ")}).`,
    );
  }
  const pem = (name: (typeof APPLE_REQUIRED)[number]) => pemOf(e[name] as string);
  const check = (name: string, read: () => unknown, what: string) => {
    try {
      read();
    } catch {
      throw new Error(`${name} is not ${what} (PEM; one line with "\\n" is fine).`);
    }
  };
  const config: AppleWalletEnv = {
    passTypeId: e.APPLE_PASS_TYPE_ID as string,
    teamId: e.APPLE_TEAM_ID as string,
    signerCert: pem("APPLE_PASS_CERT"),
    signerKey: pem("APPLE_PASS_KEY"),
    signerKeyPassphrase: e.APPLE_PASS_KEY_PASSPHRASE,
    wwdrCert: pem("APPLE_WWDR_CERT"),
    apnsKey: pem("APNS_KEY"),
    apnsKeyId: e.APNS_KEY_ID as string,
    apnsHost: e.APNS_HOST.replace(/\/+$/, ""),
  };
  check("APPLE_PASS_CERT", () => new X509Certificate(config.signerCert), "a certificate");
  check("APPLE_WWDR_CERT", () => new X509Certificate(config.wwdrCert), "a certificate");
  check(
    "APPLE_PASS_KEY",
    () => createPrivateKey({ key: config.signerKey, passphrase: config.signerKeyPassphrase }),
    "a private key that opens with APPLE_PASS_KEY_PASSPHRASE",
  );
  check(
    "APNS_KEY",
    () => {
      if (createPrivateKey(config.apnsKey).asymmetricKeyType !== "ec") throw new Error("not EC");
    },
    "the APNs token key (.p8, EC P-256)",
  );
  if (new URL(config.apnsHost).protocol !== "https:" && !isLocalHost(config.apnsHost)) {
    throw new Error("APNS_HOST must be an https: URL (https://api.push.apple.com).");
  }
  return config;
}
