import { describe, expect, it } from "vitest";
import { loadEnv } from "../../env";
import { AppError } from "../../errors";
import { addressAllowed, checkWebhookUrl, type Resolver } from "./ssrf";

/** A stub DNS: names to addresses (anything else does not resolve). */
const stubResolver =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw new Error(`ENOTFOUND ${host}`);
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

const resolve = stubResolver({
  "hooks.example.com": ["93.184.216.34"],
  "v6.example.com": ["2606:2800:220:1:248:1893:25c8:1946"],
  "intranet.example.com": ["10.1.2.3"],
  "split.example.com": ["93.184.216.34", "192.168.0.7"],
  "metadata.example.com": ["169.254.169.254"],
  "ec2v6.example.com": ["fd00:ec2::254"],
  "mapped.example.com": ["::ffff:127.0.0.1"],
  "cgnat.example.com": ["100.64.1.1"],
  localhost: ["127.0.0.1", "::1"],
});

const refusal = async (url: string, allowLoopback = false) => {
  try {
    await checkWebhookUrl(url, { resolve, allowLoopback });
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  return null;
};

describe("the webhooks' SSRF guard", () => {
  it.each([
    "https://127.0.0.1/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://10.0.0.1/",
    "https://192.168.1.1/",
    "https://172.16.5.4/",
    "https://100.64.0.1/",
    "https://0.0.0.0/",
    "https://224.0.0.1/",
    "https://255.255.255.255/",
    "https://[::1]/",
    "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:7f00:1]/",
    "https://[fd00::1]/",
    "https://[fd00:ec2::254]/",
    "https://[fe80::1]/",
    "https://[::]/",
    "https://2130706433/",
    "https://0x7f000001/",
    "https://0177.0.0.1/",
    "https://127.1/",
    "https://localhost/",
    "https://intranet.example.com/",
    "https://split.example.com/",
    "https://metadata.example.com/",
    "https://ec2v6.example.com/",
    "https://mapped.example.com/",
    "https://cgnat.example.com/",
    "https://nowhere.example.com/",
    "https://user:pass@hooks.example.com/",
    "ftp://hooks.example.com/",
    "http://hooks.example.com/",
  ])("refuses %s (400 webhook_url_forbidden on the url)", async (url) => {
    const error = await refusal(url);
    expect(error?.code).toBe("webhook_url_forbidden");
    expect(error?.status).toBe(400);
    expect(error?.fields).toEqual({ url: "webhook_url_forbidden" });
  });

  it("accepts a public name and a public address, and gives the addresses to connect to", async () => {
    const checked = await checkWebhookUrl("https://hooks.example.com/carimbou", { resolve });
    expect(checked.addresses).toEqual([{ address: "93.184.216.34", family: 4 }]);
    expect(await refusal("https://v6.example.com/")).toBeNull();
    expect(await refusal("https://93.184.216.34/")).toBeNull();
  });

  it("with the development flag allows http:// and loopback, still not private networks", async () => {
    expect(await refusal("http://127.0.0.1:4000/hook", true)).toBeNull();
    expect(await refusal("http://localhost:4000/hook", true)).toBeNull();
    expect(await refusal("http://[::1]:4000/hook", true)).toBeNull();
    expect(await refusal("http://hooks.example.com/", true)).toBeNull();
    for (const url of [
      "http://10.0.0.1/",
      "http://169.254.169.254/",
      "http://[fd00::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://intranet.example.com/",
    ]) {
      expect((await refusal(url, true))?.code, url).toBe("webhook_url_forbidden");
    }
  });

  it("classifies addresses", () => {
    expect(addressAllowed("8.8.8.8")).toBe(true);
    expect(addressAllowed("2001:4860:4860::8888")).toBe(true);
    expect(addressAllowed("127.0.0.1")).toBe(false);
    expect(addressAllowed("127.0.0.1", true)).toBe(true);
    expect(addressAllowed("::ffff:8.8.8.8")).toBe(false);
    expect(addressAllowed("not an address")).toBe(false);
  });

  it("takes the development flag from WEBHOOK_ALLOW_LOOPBACK, and refuses it in production", () => {
    expect(loadEnv({ WEBHOOK_ALLOW_LOOPBACK: "1" }).webhookAllowLoopback).toBe(true);
    expect(loadEnv({}).webhookAllowLoopback).toBe(false);
    const production = { NODE_ENV: "production", AUTH_SECRET: "x".repeat(40) } as const;
    expect(loadEnv(production).webhookAllowLoopback).toBe(false);
    expect(() => loadEnv({ ...production, WEBHOOK_ALLOW_LOOPBACK: "1" })).toThrow(
      /WEBHOOK_ALLOW_LOOPBACK is refused in production/,
    );
  });
});
