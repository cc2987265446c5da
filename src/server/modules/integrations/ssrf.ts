/**
 * The webhooks' SSRF guard (issue 33): a company's endpoint URL may not lead the server to itself,
 * its network or a cloud's metadata service. The host is resolved once and EVERY address it gives
 * must be public; the delivery then connects to the address that was checked (`pinnedLookup`), so a
 * DNS answer that changes between the check and the connection (rebinding) changes nothing.
 * Checked when the endpoint is saved (400 `webhook_url_forbidden`) and before each send.
 *
 * Development (`WEBHOOK_ALLOW_LOOPBACK=1`, never in production) also allows http:// and loopback
 * (127.0.0.0/8, ::1, localhost) so a receiver on the developer's machine can be tried; private
 * networks stay refused there too.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { AppError } from "../../errors";

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Resolves a host name to all its addresses (default: the system's resolver, `dns.lookup`). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export type WebhookNetworkOptions = {
  /** Development only: http:// and loopback addresses allowed (WEBHOOK_ALLOW_LOOPBACK). */
  allowLoopback?: boolean;
  /** Tests give a stub; default `dns.lookup(host, { all: true })`. */
  resolve?: Resolver;
};

export type CheckedUrl = { url: URL; addresses: ResolvedAddress[] };

const systemResolver: Resolver = async (host) => {
  const answers = await lookup(host, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

// One list per family: a BlockList matches IPv4 addresses against IPv6 rules too (as ::ffff:…),
// and ::ffff:0:0/96 is refused whole.
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blockedV4.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 96], // unspecified, loopback, IPv4-compatible
  ["::ffff:0:0", 96], // IPv4-mapped (::ffff:127.0.0.1)
  ["64:ff9b::", 96], // NAT64
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001::", 32], // Teredo
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local (fd00:ec2::254, AWS metadata)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local
  ["ff00::", 8], // multicast
] as const) {
  blockedV6.addSubnet(net, prefix, "ipv6");
}

const loopbackV4 = new BlockList();
loopbackV4.addSubnet("127.0.0.0", 8, "ipv4");

/** Whether the server may connect to `address` (an IP literal). */
export function addressAllowed(address: string, allowLoopback = false): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) {
    if (allowLoopback && loopbackV4.check(address, "ipv4")) return true;
    return !blockedV4.check(address, "ipv4");
  }
  // ::1 in any spelling (0:0:0:0:0:0:0:1), as the URL parser writes it.
  try {
    if (allowLoopback && new URL(`http://[${address}]/`).hostname === "[::1]") return true;
    return !blockedV6.check(address, "ipv6");
  } catch {
    return false; // a zone id (fe80::1%eth0) or anything the parsers refuse
  }
}

export const forbiddenUrl = (reason: string) =>
  new AppError("webhook_url_forbidden", 400, `This webhook URL is not allowed: ${reason}.`, {
    url: "webhook_url_forbidden",
  });

/**
 * The URL and the addresses it may be reached at, or 400 `webhook_url_forbidden` (fields.url):
 * https only (http with `allowLoopback`), no credentials in it, and every address of its host
 * public. IP literals in any spelling (`2130706433`, `0x7f000001`, `[::1]`) are normalised by the
 * URL parser and checked like resolved addresses.
 */
export async function checkWebhookUrl(
  raw: string,
  { allowLoopback = false, resolve = systemResolver }: WebhookNetworkOptions = {},
): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw forbiddenUrl("not a URL");
  }
  if (url.protocol !== "https:" && !(allowLoopback && url.protocol === "http:")) {
    throw forbiddenUrl("https only");
  }
  if (url.username || url.password) throw forbiddenUrl("credentials in the URL");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host) throw forbiddenUrl("no host");
  let addresses: ResolvedAddress[];
  const literal = isIP(host);
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    if (host === "localhost" || host.endsWith(".localhost")) {
      if (!allowLoopback) throw forbiddenUrl("loopback host");
    }
    try {
      addresses = await resolve(host);
    } catch {
      throw forbiddenUrl("the host does not resolve");
    }
  }
  if (addresses.length === 0) throw forbiddenUrl("the host does not resolve");
  if (!addresses.every((a) => addressAllowed(a.address, allowLoopback))) {
    throw forbiddenUrl("the host resolves to a private, loopback or reserved address");
  }
  return { url, addresses };
}

/**
 * A `lookup` for node:http(s) that answers the addresses already checked, whatever the host: the
 * connection goes where the guard looked, with no second DNS query.
 */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const first = addresses[0]!;
    if ((options as { all?: boolean }).all) {
      (callback as (e: null, a: ResolvedAddress[]) => void)(null, addresses);
    } else {
      callback(null, first.address, first.family);
    }
  };
}
