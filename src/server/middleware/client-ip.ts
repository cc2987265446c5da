import type { Context } from "hono";
import { createMiddleware } from "hono/factory";

/** Header set by this server (never trusted from the client) to hand the resolved IP to better-auth. */
export const CLIENT_IP_HEADER = "x-carimbou-client-ip";

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/** The peer address of the TCP connection (never a header); undefined when there is no socket. */
export function socketAddress(c: Context): string | undefined {
  return (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
}

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1): this machine. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().replace(/^::ffff:/, "");
  return /^127(\.\d{1,3}){3}$/.test(v4) || address === "::1" || address === "0:0:0:0:0:0:0:1";
}

/**
 * The client's IP: the socket's peer address, unless `trustProxyHops` reverse proxies stand in
 * front of the server, in which case it is the address that the outermost trusted proxy saw
 * (counted from the right of X-Forwarded-For, so a forged left-hand entry changes nothing).
 */
export function clientIp(c: Context, trustProxyHops: number): string {
  const peer = socketAddress(c) ?? "unknown";
  if (trustProxyHops <= 0) return peer;
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  return chain[Math.max(0, chain.length - 1 - trustProxyHops)] ?? peer;
}

/** Copies the request headers with the resolved client IP in CLIENT_IP_HEADER. */
export function headersWithClientIp(headers: Headers, ip: string): Headers {
  const copy = new Headers(headers);
  copy.set(CLIENT_IP_HEADER, ip);
  return copy;
}

/**
 * Only this machine may use what follows (the dev mailbox, /dev/jobs): a loopback socket address
 * and nothing relayed by a proxy (forwarding headers), even a proxy on this machine. Anyone else
 * gets 404, as for a path that does not exist.
 */
export const localOnly = () =>
  createMiddleware(async (c, next) => {
    const relayed = ["x-forwarded-for", "forwarded", "x-real-ip"].some((h) => c.req.header(h));
    if (relayed || !isLoopback(socketAddress(c))) return c.text("404 Not Found", 404);
    await next();
  });
