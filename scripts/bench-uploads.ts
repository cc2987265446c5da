/**
 * `npx tsx scripts/bench-uploads.ts`: eight 5 MB receipt uploads at once over HTTP on the embedded
 * database (PGlite, in memory), with /api/health polled meanwhile; prints the uploads' time, the
 * health latencies and the longest event-loop stall. `BENCH_UPLOADS` changes the number of
 * uploads, `BENCH_DATA_DIR` puts the database in a new folder there (on disk, as `npm start` does),
 * `DATABASE_URL` runs it on PostgreSQL instead. Run with `node --cpu-prof --import tsx`
 * to see where the server's thread goes.
 */

import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { serve } from "@hono/node-server";
import { createApp } from "../src/server/app";
import { connectPostgres, openPglite } from "../src/server/db/client";
import type { Mail } from "../src/server/modules/mail/mail.service";
import { scriptEnv } from "./script-env";

const UPLOADS = Number(scriptEnv.BENCH_UPLOADS ?? 8);
const RECEIPT_BYTES = 5 * 1024 * 1024 - 4096;
const appUrl = "http://127.0.0.1";

const dataDir = scriptEnv.BENCH_DATA_DIR
  ? mkdtempSync(join(scriptEnv.BENCH_DATA_DIR, "bench-uploads-"))
  : undefined;
const database = scriptEnv.DATABASE_URL
  ? connectPostgres(scriptEnv.DATABASE_URL)
  : openPglite({ dataDir });
await database.migrate();
const mails: Mail[] = [];
const { app } = createApp({
  db: database.db,
  mailer: { kind: "smtp", send: async (m) => void mails.push(m), close() {} },
  appUrl,
  authSecret: "bench-secret-bench-secret-bench-secret-00",
  limits: { signUp: { bucket: "sign-up", max: 1_000_000, windowSeconds: 60 } },
});
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((resolve) => server.once("listening", resolve));
const port = (server.address() as { port: number }).port;
const base = `http://127.0.0.1:${port}`;

const post = (path: string, body: unknown, cookie?: string) =>
  fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json", origin: appUrl, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

async function signedIn(kind: "company" | "customer", body: Record<string, unknown>) {
  const res = await post(`/api/accounts/${kind}`, body);
  if (res.status !== 201) throw new Error(`${kind} sign-up: ${await res.text()}`);
  const link = new URL(mails.at(-1)!.text.match(/https?:\/\/\S+/)![0]);
  await fetch(base + link.pathname + link.search, { redirect: "manual" });
  const session = await post("/api/session", { email: body.email, password: "segredo1" });
  return session.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const runId = Date.now();
const companyCookie = await signedIn("company", {
  companyName: "Bench Recibos",
  email: `recibos-${runId}@example.com`,
  password: "segredo1",
  city: "São Paulo",
  state: "SP",
  phone: "11 99999-0000",
  sector: "alimentacao",
});
const me = (await (
  await fetch(`${base}/api/me`, { headers: { cookie: companyCookie } })
).json()) as {
  company: { id: string };
};
const customers: { cookie: string; cardId: string }[] = [];
for (let i = 0; i < UPLOADS; i++) {
  const cookie = await signedIn("customer", {
    name: `Cliente ${i}`,
    email: `recibo${i}-${runId}@example.com`,
    password: "segredo1",
    city: "São Paulo",
    state: "SP",
    phone: "",
    birthDate: "",
    origin: { empresa_id: me.company.id },
  });
  const cards = (await (await fetch(`${base}/api/me/cards`, { headers: { cookie } })).json()) as {
    id: string;
  }[];
  customers.push({ cookie, cardId: cards[0]!.id });
}

const bytes = Buffer.alloc(RECEIPT_BYTES);
for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
const body = Buffer.concat([
  Buffer.from(
    '----carimbou-bench\r\nContent-Disposition: form-data; name="file"; filename="nota.png"\r\n' +
      "Content-Type: image/png\r\n\r\n",
  ),
  bytes,
  Buffer.from("\r\n----carimbou-bench--\r\n"),
]);

const send = (path: string, cookie: string) =>
  new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: {
          origin: appUrl,
          cookie,
          "content-type": "multipart/form-data; boundary=--carimbou-bench",
          "content-length": body.length,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (d) => {
          text += d;
        });
        res.on("end", () => {
          if (res.statusCode !== 201) console.error(`upload: ${res.statusCode} ${text}`);
          resolve(res.statusCode ?? 0);
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });

const health = () =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest({ host: "127.0.0.1", port, path: "/api/health" }, (res) => {
      res.resume();
      res.on("end", () => resolve(performance.now() - started));
    });
    req.on("error", reject);
    req.end();
  });

const idle: number[] = [];
for (let i = 0; i < 10; i++) idle.push(await health());

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const latencies: number[] = [];
let uploading = true;
const probe = (async () => {
  while (uploading) {
    latencies.push(await health());
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
})();
const started = performance.now();
const statuses = await Promise.all(
  customers.map((c) => send(`/api/me/cards/${c.cardId}/claims/receipt`, c.cookie)),
);
const elapsed = performance.now() - started;
uploading = false;
await probe;
delay.disable();

const pct = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!.toFixed(0);
};
console.info(`database: ${database.kind}; statuses: ${statuses.join(" ")}`);
console.info(`${UPLOADS} uploads of 5 MB at once: ${elapsed.toFixed(0)} ms`);
console.info(`/api/health idle: median ${pct(idle, 0.5)} ms`);
console.info(
  `/api/health during the uploads: ${latencies.length} requests, median ${pct(latencies, 0.5)} ms, p90 ${pct(latencies, 0.9)} ms, max ${pct(latencies, 1)} ms`,
);
console.info(`longest event-loop stall: ${(delay.max / 1e6).toFixed(0)} ms`);

server.close();
await database.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
