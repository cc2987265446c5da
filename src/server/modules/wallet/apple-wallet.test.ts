import { execFileSync } from "node:child_process";
import { createHash, generateKeyPairSync, type KeyObject, verify } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Http2Server } from "node:http2";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../env";
import { apiAs, errorBody, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { companies } from "../companies/companies.table";
import { type AppleWalletConfig, setAppleWallet } from "./apple-wallet";
import { applePassRegistrations } from "./apple-wallet.table";
import { WALLET_JOBS } from "./wallet.jobs";
import { APPLE_WALLET_PUSH_JOB } from "./wallet.service";

const PASS_TYPE = "pass.br.com.carimbou.teste";
const TEAM = "ABCDE12345";
const APNS_KEY_ID = "KEYID12345";
const PASSPHRASE = "segredo-do-teste";

/**
 * A throwaway certificate authority (openssl): a root, a WWDR-like intermediate under it, and the
 * pass type's certificate under that, with its key encrypted by a passphrase, as Apple gives them.
 */
function makeCertificates() {
  const dir = mkdtempSync(join(tmpdir(), "apple-pass-ca-"));
  const ssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
  writeFileSync(
    join(dir, "ca.ext"),
    "basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n",
  );
  writeFileSync(
    join(dir, "leaf.ext"),
    "basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\n",
  );
  ssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "2",
    "-subj",
    "/CN=Carimbou Test Root CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  );
  ssl(
    "req",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    "wwdr.key",
    "-out",
    "wwdr.csr",
    "-subj",
    "/CN=Test Worldwide Developer Relations/OU=G4/O=Test",
  );
  ssl(
    "x509",
    "-req",
    "-in",
    "wwdr.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "wwdr.pem",
    "-days",
    "2",
    "-extfile",
    "ca.ext",
  );
  ssl(
    "genpkey",
    "-algorithm",
    "RSA",
    "-pkeyopt",
    "rsa_keygen_bits:2048",
    "-aes-256-cbc",
    "-pass",
    `pass:${PASSPHRASE}`,
    "-out",
    "pass.key",
  );
  ssl(
    "req",
    "-new",
    "-key",
    "pass.key",
    "-passin",
    `pass:${PASSPHRASE}`,
    "-out",
    "pass.csr",
    "-subj",
    `/UID=${PASS_TYPE}/CN=Pass Type ID: ${PASS_TYPE}/OU=${TEAM}/O=Carimbou Teste`,
  );
  ssl(
    "x509",
    "-req",
    "-in",
    "pass.csr",
    "-CA",
    "wwdr.pem",
    "-CAkey",
    "wwdr.key",
    "-CAcreateserial",
    "-out",
    "pass.pem",
    "-days",
    "2",
    "-extfile",
    "leaf.ext",
  );
  const read = (name: string) => readFileSync(join(dir, name), "utf8");
  return {
    dir,
    ca: read("ca.pem"),
    wwdr: read("wwdr.pem"),
    cert: read("pass.pem"),
    key: read("pass.key"),
  };
}

const apnsKeys = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
const apnsKeyPem = apnsKeys.privateKey.export({ type: "pkcs8", format: "pem" }).toString();

type Push = { path: string; headers: Record<string, unknown>; body: string; claims: unknown };

/** The ES256 JWT of an APNs request checked against the test key: its claims, or a throw. */
function apnsClaims(authorization: unknown, publicKey: KeyObject) {
  const jwt = String(authorization).replace(/^bearer /, "");
  const [head, body, signature] = jwt.split(".");
  if (!head || !body || !signature) throw new Error("not a JWT");
  expect(JSON.parse(Buffer.from(head, "base64url").toString())).toEqual({
    alg: "ES256",
    kid: APNS_KEY_ID,
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("bad ES256 signature");
  return JSON.parse(Buffer.from(body, "base64url").toString());
}

/**
 * APNs, faked on 127.0.0.1 over HTTP/2 (cleartext: the client takes http:// on this machine): it
 * checks each push's JWT, topic and type, records it, and answers `replies[pushToken]` (else 200).
 */
async function startFakeApns() {
  const pushes: Push[] = [];
  const refusals: string[] = [];
  const replies: Record<string, number> = {};
  const server: Http2Server = createServer();
  server.on("stream", (stream, headers) => {
    let body = "";
    stream.setEncoding("utf8");
    stream.on("data", (part: string) => {
      body += part;
    });
    stream.on("end", () => {
      const path = String(headers[":path"]);
      const token = path.replace("/3/device/", "");
      try {
        expect(headers[":method"]).toBe("POST");
        expect(headers["apns-topic"]).toBe(PASS_TYPE);
        expect(headers["apns-push-type"]).toBe("background");
        const claims = apnsClaims(headers.authorization, apnsKeys.publicKey);
        expect(claims).toMatchObject({ iss: TEAM });
        pushes.push({ path, headers: { ...headers }, body, claims });
      } catch (error) {
        refusals.push(String(error));
        stream.respond({ ":status": 403, "content-type": "application/json" });
        return stream.end(JSON.stringify({ reason: "InvalidProviderToken" }));
      }
      const status = replies[token] ?? 200;
      stream.respond({ ":status": status, "apns-id": "test" });
      stream.end(status === 410 ? JSON.stringify({ reason: "Unregistered" }) : "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    host: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pushes,
    refusals,
    replies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let certs: ReturnType<typeof makeCertificates>;
let apns: Awaited<ReturnType<typeof startFakeApns>>;
let config: AppleWalletConfig;
let t: TestApp;
let cafe: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };
let bia: { cookie: string; customerId: string };
let anaCardId: string;
let biaCardId: string;

const stamp = (customerId: string) =>
  ok(
    apiAs(t, cafe.cookie).POST("/api/customers/{id}/stamps", {
      params: { path: { id: customerId } },
      body: { method: "purchase" },
    }),
    201,
  );

const download = (cardId: string, cookie?: string) =>
  t.request(`/api/me/cards/${cardId}/apple-wallet`, { cookie });

/** A .pkpass's files. */
async function filesOf(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/vnd.apple.pkpass");
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

const json = (bytes: Uint8Array | undefined) => JSON.parse(Buffer.from(bytes!).toString("utf8"));

/** An RGBA PNG of ours (no filters) read back: its size and the colour at a point. */
function readPng(bytes: Uint8Array) {
  const buf = Buffer.from(bytes);
  const width = buf.readUInt32BE(16);
  const height = buf.readUInt32BE(20);
  const idat: Buffer[] = [];
  for (let at = 8; at < buf.length; ) {
    const length = buf.readUInt32BE(at);
    if (buf.toString("latin1", at + 4, at + 8) === "IDAT") {
      idat.push(buf.subarray(at + 8, at + 8 + length));
    }
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const pixel = (x: number, y: number) => {
    const i = y * (width * 4 + 1) + 1 + x * 4;
    return [raw[i], raw[i + 1], raw[i + 2]];
  };
  return { width, height, pixel };
}

const passkit = (
  path: string,
  opts: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
) =>
  t.request(`/api/passkit/v1${path}`, {
    method: opts.method ?? (opts.body ? "POST" : "GET"),
    body: opts.body,
    headers: {
      ...(opts.token ? { authorization: `ApplePass ${opts.token}` } : {}),
      ...opts.headers,
    },
  });

const registration = (device: string, serial: string, passType = PASS_TYPE) =>
  `/devices/${device}/registrations/${passType}/${serial}`;

async function until<T>(probe: () => Promise<T | undefined | null | false>): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const found = await probe();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

const pushJobs = async () =>
  (
    await t.db.execute<{ state: string }>(
      sql`select state from pgboss.job where name = ${APPLE_WALLET_PUSH_JOB}`,
    )
  ).rows;

beforeAll(async () => {
  certs = makeCertificates();
  apns = await startFakeApns();
  config = {
    passTypeId: PASS_TYPE,
    teamId: TEAM,
    signerCert: certs.cert,
    signerKey: certs.key,
    signerKeyPassphrase: PASSPHRASE,
    wwdrCert: certs.wwdr,
    apnsKey: apnsKeyPem,
    apnsKeyId: APNS_KEY_ID,
    apnsHost: apns.host,
  };
  setAppleWallet(config);
  t = await createTestApp({ jobs: { jobs: WALLET_JOBS } });
  cafe = await t.companySession({ companyName: "Café Maçã", email: "maca@cafe.com" });
  await setCounterRules(t, cafe.cookie);
  await t.db
    .update(companies)
    .set({ brandColor: "#7A3E1D" })
    .where(eq(companies.id, cafe.companyId));
  ana = await t.customerSession({
    email: "ana.apple@example.com",
    origin: { empresa_id: cafe.companyId },
  });
  bia = await t.customerSession({
    email: "bia.apple@example.com",
    origin: { empresa_id: cafe.companyId },
  });
  anaCardId = (await ok(apiAs(t, ana.cookie).GET("/api/me/cards")))[0]!.id;
  biaCardId = (await ok(apiAs(t, bia.cookie).GET("/api/me/cards")))[0]!.id;
  for (let i = 0; i < 3; i++) await stamp(ana.customerId);
}, 120_000);
afterAll(async () => {
  setAppleWallet(undefined);
  await t?.close();
  await apns?.close();
});

describe("Apple Wallet pass (.pkpass)", () => {
  let files: Record<string, Uint8Array>;

  beforeAll(async () => {
    files = await filesOf(await download(anaCardId, ana.cookie));
  });

  it("is a store card in the company's colours, with the stamps, the reward and the counter code as QR", async () => {
    const pass = json(files["pass.json"]);
    const { shortCode } = await ok(apiAs(t, ana.cookie).GET("/api/me/counter-code"));
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: TEAM,
      serialNumber: anaCardId,
      organizationName: "Café Maçã",
      // #7A3E1D with white text, the labels a little toward the brown.
      backgroundColor: "rgb(122, 62, 29)",
      foregroundColor: "rgb(255, 255, 255)",
      webServiceURL: `${TEST_APP_URL}/api/passkit`,
      barcodes: [expect.objectContaining({ format: "PKBarcodeFormatQR", message: shortCode })],
    });
    expect(pass.labelColor).not.toBe(pass.foregroundColor);
    expect(pass.authenticationToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pass.storeCard.headerFields[0]).toMatchObject({ key: "stamps", value: "3/10" });
    const card = await ok(
      apiAs(t, cafe.cookie).GET("/api/cards/{id}", { params: { path: { id: anaCardId } } }),
    );
    expect(pass.storeCard.secondaryFields[0]).toMatchObject({ value: card.reward });
    for (const name of ["icon.png", "icon@2x.png", "logo.png", "strip.png", "strip@2x.png"]) {
      expect(Object.keys(files)).toContain(name);
    }
  });

  it("draws the stamps on the strip: 3 of 10 circles filled", () => {
    const strip = readPng(files["strip@2x.png"]!);
    expect([strip.width, strip.height]).toEqual([750, 246]);
    const pitch = (750 - 32) / 10;
    const centres = Array.from({ length: 10 }, (_, i) =>
      strip.pixel(Math.round(16 + pitch * (i + 0.5)), 123),
    );
    expect(centres.slice(0, 3)).toEqual(Array(3).fill([255, 255, 255]));
    expect(centres.slice(3)).toEqual(Array(7).fill([122, 62, 29]));
  });

  it("lists the SHA-1 of every file in manifest.json", () => {
    const manifest = json(files["manifest.json"]) as Record<string, string>;
    const listed = Object.keys(files).filter((n) => n !== "manifest.json" && n !== "signature");
    expect(Object.keys(manifest).sort()).toEqual(listed.sort());
    for (const name of listed) {
      expect(manifest[name], name).toBe(createHash("sha1").update(files[name]!).digest("hex"));
    }
  });

  it("signs the manifest (detached PKCS#7) with the pass certificate, through the WWDR one", () => {
    writeFileSync(join(certs.dir, "manifest.json"), files["manifest.json"]!);
    writeFileSync(join(certs.dir, "signature"), files.signature!);
    const verifyWith = (content: string) =>
      execFileSync(
        "openssl",
        [
          "smime",
          "-verify",
          "-binary",
          "-inform",
          "DER",
          "-in",
          "signature",
          "-content",
          content,
          "-CAfile",
          "ca.pem",
          "-purpose",
          "any",
          "-out",
          "/dev/null",
        ],
        { cwd: certs.dir, stdio: "pipe" },
      );
    expect(() => verifyWith("manifest.json")).not.toThrow();
    const signers = execFileSync(
      "openssl",
      ["pkcs7", "-inform", "DER", "-in", "signature", "-print_certs", "-noout"],
      { cwd: certs.dir },
    ).toString();
    expect(signers).toContain(`Pass Type ID: ${PASS_TYPE}`);
    // A manifest changed after signing is refused.
    const forged = { ...json(files["manifest.json"]), "pass.json": "0".repeat(40) };
    writeFileSync(join(certs.dir, "forged.json"), JSON.stringify(forged));
    expect(() => verifyWith("forged.json")).toThrow();
  });

  it("keeps one token per pass: a second download carries the same", async () => {
    const again = json((await filesOf(await download(anaCardId, ana.cookie)))["pass.json"]);
    expect(again.authenticationToken).toBe(json(files["pass.json"]).authenticationToken);
  });

  it("is the customer's own card only: 404 another's or none, 401 without a session, 403 a company", async () => {
    expect((await errorBody(await download(biaCardId, ana.cookie), 404)).error.code).toBe(
      "not_found",
    );
    await errorBody(await download("no-such-card", ana.cookie), 404);
    await errorBody(await download(anaCardId), 401);
    await errorBody(await download(anaCardId, cafe.cookie), 403);
    const link = await ok(
      apiAs(t, ana.cookie).GET("/api/me/cards/{id}/apple-wallet/link", {
        params: { path: { id: anaCardId } },
      }),
    );
    expect(link.url).toBe(`/api/me/cards/${anaCardId}/apple-wallet`);
    await errorBody(
      await t.request(`/api/me/cards/${biaCardId}/apple-wallet/link`, { cookie: ana.cookie }),
      404,
    );
  });

  it("says on /api/health that Apple Wallet passes are on; the PassKit routes are in the OpenAPI document", async () => {
    expect(await (await t.request("/api/health")).json()).toMatchObject({
      wallet: { apple: true },
    });
    const doc = await (await t.request("/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/me/cards/{id}/apple-wallet",
        "/api/passkit/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber}",
        "/api/passkit/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}",
        "/api/passkit/v1/passes/{passTypeIdentifier}/{serialNumber}",
        "/api/passkit/v1/log",
      ]),
    );
  });
});

describe("PassKit web service and APNs", () => {
  let anaToken: string;
  let biaToken: string;
  const DEVICE = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
  const PUSH_TOKEN = "f".repeat(64);

  beforeAll(async () => {
    anaToken = json(
      (await filesOf(await download(anaCardId, ana.cookie)))["pass.json"],
    ).authenticationToken;
    biaToken = json(
      (await filesOf(await download(biaCardId, bia.cookie)))["pass.json"],
    ).authenticationToken;
  });

  it("refuses a wrong token (401), another customer's serial (401), an unknown pass type or serial (404)", async () => {
    const body = { pushToken: PUSH_TOKEN };
    expect(
      (await passkit(registration(DEVICE, anaCardId), { body, token: "x".repeat(32) })).status,
    ).toBe(401);
    expect((await passkit(registration(DEVICE, anaCardId), { body })).status).toBe(401);
    expect((await passkit(registration(DEVICE, biaCardId), { body, token: anaToken })).status).toBe(
      401,
    );
    expect(
      (
        await passkit(registration(DEVICE, anaCardId, "pass.com.other.card"), {
          body,
          token: anaToken,
        })
      ).status,
    ).toBe(404);
    expect(
      (await passkit(registration(DEVICE, "no-such-card"), { body, token: anaToken })).status,
    ).toBe(404);
    expect((await passkit(`/passes/${PASS_TYPE}/${biaCardId}`, { token: anaToken })).status).toBe(
      401,
    );
    expect(
      (await passkit(`/passes/pass.com.other.card/${anaCardId}`, { token: anaToken })).status,
    ).toBe(404);
    expect((await passkit(`/devices/${DEVICE}/registrations/pass.com.other.card`)).status).toBe(
      404,
    );
    expect(await t.db.select().from(applePassRegistrations)).toEqual([]);
  });

  it("registers a device (201, then 200), pushes it after a stamp, and serves the new pass", async () => {
    const body = { pushToken: PUSH_TOKEN };
    expect((await passkit(registration(DEVICE, anaCardId), { body, token: anaToken })).status).toBe(
      201,
    );
    expect((await passkit(registration(DEVICE, anaCardId), { body, token: anaToken })).status).toBe(
      200,
    );

    // The device's passes: Ana's card, and the tag to ask from.
    const first = await passkit(`/devices/${DEVICE}/registrations/${PASS_TYPE}`);
    expect(first.status).toBe(200);
    const { serialNumbers, lastUpdated: tag } = await first.json();
    expect(serialNumbers).toEqual([anaCardId]);
    expect(
      (await passkit(`/devices/${DEVICE}/registrations/${PASS_TYPE}?passesUpdatedSince=${tag}`))
        .status,
    ).toBe(204);
    // A tag that is not one of ours (past bigint, or not a number) is no tag: all the passes.
    for (const bad of ["9".repeat(19), "abc", "-1"]) {
      const res = await passkit(
        `/devices/${DEVICE}/registrations/${PASS_TYPE}?passesUpdatedSince=${bad}`,
      );
      expect(res.status).toBe(200);
      expect((await res.json()).serialNumbers).toEqual([anaCardId]);
    }

    // The pass as the device has it: Last-Modified, and 304 with it.
    const before = await passkit(`/passes/${PASS_TYPE}/${anaCardId}`, { token: anaToken });
    const lastModified = before.headers.get("last-modified")!;
    expect(json((await filesOf(before))["pass.json"]).storeCard.headerFields[0].value).toBe("3/10");
    const unchanged = await passkit(`/passes/${PASS_TYPE}/${anaCardId}`, {
      token: anaToken,
      headers: { "if-modified-since": lastModified },
    });
    expect(unchanged.status).toBe(304);

    // A stamp at the counter: the device gets a push, with a valid ES256 token.
    const pushesBefore = apns.pushes.length;
    await stamp(ana.customerId);
    t.jobs!.wake(APPLE_WALLET_PUSH_JOB);
    const push = await until(async () => apns.pushes[pushesBefore]);
    expect(push.path).toBe(`/3/device/${PUSH_TOKEN}`);
    expect(push.body).toBe("{}");
    expect(push.claims).toMatchObject({ iss: TEAM, iat: expect.any(Number) });
    expect(apns.refusals).toEqual([]);

    // What changed since the tag: Ana's card; its pass now shows 4/10.
    const since = await passkit(
      `/devices/${DEVICE}/registrations/${PASS_TYPE}?passesUpdatedSince=${tag}`,
    );
    expect(since.status).toBe(200);
    const changed = await since.json();
    expect(changed.serialNumbers).toEqual([anaCardId]);
    expect(BigInt(changed.lastUpdated)).toBeGreaterThan(BigInt(tag));
    const after = await passkit(`/passes/${PASS_TYPE}/${anaCardId}`, {
      token: anaToken,
      headers: { "if-modified-since": lastModified },
    });
    const pass = json((await filesOf(after))["pass.json"]);
    expect(pass.storeCard.headerFields[0].value).toBe("4/10");
    expect(pass.authenticationToken).toBe(anaToken);
    const newer = after.headers.get("last-modified")!;
    expect(Date.parse(newer)).toBeGreaterThan(Date.parse(lastModified));
    expect(
      (
        await passkit(`/passes/${PASS_TYPE}/${anaCardId}`, {
          token: anaToken,
          headers: { "if-modified-since": newer },
        })
      ).status,
    ).toBe(304);
  });

  it("removes a device APNs answers 410 Unregistered; the others keep theirs", async () => {
    const gone = "e".repeat(64);
    apns.replies[gone] = 410;
    expect(
      (
        await passkit(registration("device-two", anaCardId), {
          body: { pushToken: gone },
          token: anaToken,
        })
      ).status,
    ).toBe(201);
    const pushesBefore = apns.pushes.length;
    await stamp(ana.customerId);
    t.jobs!.wake(APPLE_WALLET_PUSH_JOB);
    await until(async () => apns.pushes.length >= pushesBefore + 2);
    const left = await until(async () => {
      const rows = await t.db.select().from(applePassRegistrations);
      return rows.length === 1 && rows;
    });
    expect(left).toEqual([
      expect.objectContaining({ deviceLibraryId: DEVICE, pushToken: PUSH_TOKEN }),
    ]);
  });

  it("takes the device's log, and unregisters it (then nothing is listed for it)", async () => {
    expect((await passkit("/log", { body: { logs: ["Teste: tudo certo"] } })).status).toBe(200);
    expect(
      (
        await passkit(registration(DEVICE, anaCardId), {
          method: "DELETE",
          token: "wrong".repeat(7),
        })
      ).status,
    ).toBe(401);
    expect(
      (await passkit(registration(DEVICE, anaCardId), { method: "DELETE", token: anaToken }))
        .status,
    ).toBe(200);
    expect((await passkit(`/devices/${DEVICE}/registrations/${PASS_TYPE}`)).status).toBe(204);
    // No device left: a stamp queues no push.
    const jobs = (await pushJobs()).length;
    await stamp(ana.customerId);
    expect((await pushJobs()).length).toBe(jobs);
    expect(biaToken).not.toBe(anaToken);
  });

  it("wallet updates switched off in 'Meus dados': devices dropped, none kept, no push (issue 34)", async () => {
    const body = { pushToken: PUSH_TOKEN };
    expect((await passkit(registration(DEVICE, anaCardId), { body, token: anaToken })).status).toBe(
      201,
    );
    const off = await t.request("/api/me/privacy/consents/wallet", {
      method: "PUT",
      cookie: ana.cookie,
      body: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect((await off.json()).wallet).toEqual({ enabled: false, passes: 1 });
    expect((await passkit(`/devices/${DEVICE}/registrations/${PASS_TYPE}`)).status).toBe(204);
    // The device asks again: answered, but nothing is kept, and a stamp pushes nothing.
    expect((await passkit(registration(DEVICE, anaCardId), { body, token: anaToken })).status).toBe(
      200,
    );
    expect((await passkit(`/devices/${DEVICE}/registrations/${PASS_TYPE}`)).status).toBe(204);
    const jobs = (await pushJobs()).length;
    await stamp(ana.customerId);
    expect((await pushJobs()).length).toBe(jobs);
    // Switched on again: the device registers as before.
    await t.request("/api/me/privacy/consents/wallet", {
      method: "PUT",
      cookie: ana.cookie,
      body: { enabled: true },
    });
    expect((await passkit(registration(DEVICE, anaCardId), { body, token: anaToken })).status).toBe(
      201,
    );
    await passkit(registration(DEVICE, anaCardId), { method: "DELETE", token: anaToken });
  });

  it("when off: no pass (404 wallet_off), the web service 404, health says off", async () => {
    setAppleWallet(undefined);
    try {
      expect((await errorBody(await download(anaCardId, ana.cookie), 404)).error.code).toBe(
        "wallet_off",
      );
      const link = await t.request(`/api/me/cards/${anaCardId}/apple-wallet/link`, {
        cookie: ana.cookie,
      });
      expect((await errorBody(link, 404)).error.code).toBe("wallet_off");
      expect((await passkit(`/passes/${PASS_TYPE}/${anaCardId}`, { token: anaToken })).status).toBe(
        404,
      );
      expect(await (await t.request("/api/health")).json()).toMatchObject({
        wallet: { apple: false },
      });
    } finally {
      setAppleWallet(config);
    }
  });
});

describe("APPLE_PASS_* and APNS_* (env)", () => {
  const full = () => ({
    APPLE_PASS_TYPE_ID: PASS_TYPE,
    APPLE_TEAM_ID: TEAM,
    // As many hosts take them: one line, with literal \n.
    APPLE_PASS_CERT: certs.cert.replace(/\n/g, "\\n"),
    APPLE_PASS_KEY: certs.key.replace(/\n/g, "\\n"),
    APPLE_PASS_KEY_PASSPHRASE: PASSPHRASE,
    APPLE_WWDR_CERT: certs.wwdr,
    APNS_KEY: apnsKeyPem,
    APNS_KEY_ID: APNS_KEY_ID,
  });

  it("is off without them, and on with all of them (APNs host by default Apple's)", () => {
    expect(loadEnv({}).appleWallet).toBeUndefined();
    const on = loadEnv(full()).appleWallet;
    expect(on).toMatchObject({
      passTypeId: PASS_TYPE,
      teamId: TEAM,
      apnsHost: "https://api.push.apple.com",
    });
    expect(on?.signerCert).toBe(certs.cert.trim());
  });

  it("refuses half a configuration, a key that does not open, or plain http to another machine", () => {
    const { APNS_KEY: _, ...half } = full();
    expect(() => loadEnv(half)).toThrow(/go together.*APNS_KEY/);
    expect(() => loadEnv({ ...full(), APPLE_PASS_KEY_PASSPHRASE: "errada" })).toThrow(
      /APPLE_PASS_KEY/,
    );
    expect(() => loadEnv({ ...full(), APPLE_WWDR_CERT: "nope" })).toThrow(/APPLE_WWDR_CERT/);
    expect(() => loadEnv({ ...full(), APNS_KEY: certs.key })).toThrow(/APNS_KEY/);
    expect(() => loadEnv({ ...full(), APNS_HOST: "http://apns.example.com" })).toThrow(/APNS_HOST/);
  });
});
