import { generateKeyPairSync, verify } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../env";
import { apiAs, errorBody, ok } from "../../test/api";
import { setCounterRules } from "../../test/counter-rules";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { companies } from "../companies/companies.table";
import { type GoogleWalletConfig, setGoogleWallet, WALLET_SCOPE } from "./google-wallet";
import { WALLET_JOBS } from "./wallet.jobs";
import { GOOGLE_WALLET_SYNC_JOB } from "./wallet.service";

const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const CLIENT_EMAIL = "carimbou-wallet@test-project.iam.gserviceaccount.com";
const ISSUER = "3388000000022334455";
const TOKEN = "fake-access-token";

/** A JWT checked against the test key pair: its claims, or an error when the signature is wrong. */
function verifiedClaims(jwt: string): Record<string, unknown> {
  const [head, body, signature] = jwt.split(".");
  if (!head || !body || !signature) throw new Error("not a JWT");
  expect(JSON.parse(Buffer.from(head, "base64url").toString())).toEqual({
    alg: "RS256",
    typ: "JWT",
  });
  const valid = verify(
    "RSA-SHA256",
    Buffer.from(`${head}.${body}`),
    publicKey,
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("bad signature");
  return JSON.parse(Buffer.from(body, "base64url").toString());
}

type Patch = { path: string; body: Record<string, unknown> };

/**
 * Google, faked on 127.0.0.1: the OAuth2 token endpoint (checks the assertion's signature and
 * claims) and the Wallet REST API (checks the Bearer token, records each PATCH, answers what
 * `replies` holds next, else 200).
 */
async function startFakeGoogle() {
  const patches: Patch[] = [];
  const replies: number[] = [];
  const refusals: string[] = [];
  let tokens = 0;
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method === "POST" && req.url === "/token") {
        const form = new URLSearchParams(raw);
        try {
          expect(form.get("grant_type")).toBe("urn:ietf:params:oauth:grant-type:jwt-bearer");
          const claims = verifiedClaims(form.get("assertion") ?? "");
          expect(claims).toMatchObject({ iss: CLIENT_EMAIL, scope: WALLET_SCOPE, aud: tokenUrl });
          expect(Number(claims.exp)).toBeGreaterThan(Date.now() / 1000);
        } catch (error) {
          refusals.push(String(error));
          return answer(400, { error: "invalid_grant" });
        }
        tokens++;
        return answer(200, { access_token: TOKEN, expires_in: 3600, token_type: "Bearer" });
      }
      if (req.method === "PATCH" && req.url?.startsWith("/walletobjects/v1/loyaltyObject/")) {
        if (req.headers.authorization !== `Bearer ${TOKEN}`) {
          refusals.push(`bearer: ${req.headers.authorization}`);
          return answer(401, { error: { code: 401 } });
        }
        patches.push({ path: req.url, body: JSON.parse(raw) });
        const status = replies.shift() ?? 200;
        return answer(status, status === 200 ? {} : { error: { code: status } });
      }
      answer(404, { error: "no such fake route" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tokenUrl = `${base}/token`;
  return {
    config: {
      issuerId: ISSUER,
      clientEmail: CLIENT_EMAIL,
      privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      apiUrl: `${base}/walletobjects/v1`,
      tokenUrl,
    } satisfies GoogleWalletConfig,
    patches,
    replies,
    refusals,
    tokenCount: () => tokens,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let t: TestApp;
let cafe: { cookie: string; companyId: string };
let ana: { cookie: string; customerId: string };
let bia: { cookie: string; customerId: string };
let anaCardId: string;
let biaCardId: string;

const walletLink = (cardId: string, cookie?: string) =>
  t.request(`/api/me/cards/${cardId}/google-wallet`, { cookie });

const stamp = (customerId: string) =>
  ok(
    apiAs(t, cafe.cookie).POST("/api/customers/{id}/stamps", {
      params: { path: { id: customerId } },
      body: { method: "purchase" },
    }),
    201,
  );

const syncJobs = async () =>
  (
    await t.db.execute<{ state: string; data: { cardId: string } }>(
      sql`select state, data from pgboss.job where name = ${GOOGLE_WALLET_SYNC_JOB} order by created_on`,
    )
  ).rows;

async function until<T>(probe: () => Promise<T | undefined | null | false>): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const found = await probe();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

beforeAll(async () => {
  google = await startFakeGoogle();
  setGoogleWallet(google.config);
  t = await createTestApp({ jobs: { jobs: WALLET_JOBS } });
  cafe = await t.companySession({ companyName: "Café Carteira", email: "carteira@cafe.com" });
  await setCounterRules(t, cafe.cookie);
  await t.db
    .update(companies)
    .set({ brandColor: "#7A3E1D", logoUrl: "/api/companies/x/logo" })
    .where(eq(companies.id, cafe.companyId));
  ana = await t.customerSession({
    email: "ana.wallet@example.com",
    origin: { empresa_id: cafe.companyId },
  });
  bia = await t.customerSession({
    email: "bia.wallet@example.com",
    origin: { empresa_id: cafe.companyId },
  });
  anaCardId = (await ok(apiAs(t, ana.cookie).GET("/api/me/cards")))[0]!.id;
  biaCardId = (await ok(apiAs(t, bia.cookie).GET("/api/me/cards")))[0]!.id;
}, 60_000);
afterAll(async () => {
  setGoogleWallet(undefined);
  await t?.close();
  await google?.close();
});

describe("Google Wallet", () => {
  it("answers the customer's own card with a save link whose JWT carries the class and the object", async () => {
    const { saveUrl } = await ok(
      apiAs(t, ana.cookie).GET("/api/me/cards/{id}/google-wallet", {
        params: { path: { id: anaCardId } },
      }),
    );
    expect(saveUrl.startsWith("https://pay.google.com/gp/v/save/")).toBe(true);
    const claims = verifiedClaims(saveUrl.slice("https://pay.google.com/gp/v/save/".length));
    expect(claims).toMatchObject({
      iss: CLIENT_EMAIL,
      aud: "google",
      typ: "savetowallet",
      origins: [TEST_APP_URL],
    });
    const payload = claims.payload as {
      loyaltyClasses: Record<string, unknown>[];
      loyaltyObjects: Record<string, unknown>[];
    };
    const card = await ok(
      apiAs(t, cafe.cookie).GET("/api/cards/{id}", { params: { path: { id: anaCardId } } }),
    );
    const { shortCode } = await ok(apiAs(t, ana.cookie).GET("/api/me/counter-code"));
    expect(payload.loyaltyClasses).toEqual([
      expect.objectContaining({
        id: `${ISSUER}.program-${card.programId}`,
        issuerName: "Café Carteira",
        programName: card.programName,
        hexBackgroundColor: "#7A3E1D",
        rewardsTier: card.reward,
        programLogo: expect.objectContaining({
          sourceUri: { uri: `${TEST_APP_URL}/api/companies/x/logo` },
        }),
      }),
    ]);
    expect(payload.loyaltyObjects).toEqual([
      expect.objectContaining({
        id: `${ISSUER}.card-${anaCardId}`,
        classId: `${ISSUER}.program-${card.programId}`,
        state: "ACTIVE",
        accountId: ana.customerId,
        loyaltyPoints: { label: "Carimbos", balance: { int: card.stamps } },
        textModulesData: [
          expect.objectContaining({
            body: `${card.stamps}/${card.maxStamps} — ${card.reward}`,
          }),
        ],
        // The counter takes the short code scanned as it takes it typed.
        barcode: expect.objectContaining({ type: "QR_CODE", value: shortCode }),
      }),
    ]);
  });

  it("answers 404 for another customer's card, 401 without a session, 403 for a company", async () => {
    expect((await errorBody(await walletLink(biaCardId, ana.cookie), 404)).error.code).toBe(
      "not_found",
    );
    expect((await errorBody(await walletLink("no-such-card", ana.cookie), 404)).error.code).toBe(
      "not_found",
    );
    await errorBody(await walletLink(anaCardId), 401);
    await errorBody(await walletLink(anaCardId, cafe.cookie), 403);
  });

  it("says on /api/health that Google Wallet passes are on, and lists the route in the OpenAPI document", async () => {
    const health = await (await t.request("/api/health")).json();
    expect(health).toMatchObject({ status: "ok", wallet: { google: true } });
    const doc = await (await t.request("/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toContain("/api/me/cards/{id}/google-wallet");
  });

  it("after a stamp, PATCHes the saved pass with the new balance (an OAuth2 token first)", async () => {
    const before = google.patches.length;
    const card = await stamp(ana.customerId);
    t.jobs!.wake(GOOGLE_WALLET_SYNC_JOB);
    const patch = await until(async () => google.patches[before]);
    expect(patch.path).toBe(`/walletobjects/v1/loyaltyObject/${ISSUER}.card-${anaCardId}`);
    expect(patch.body).toEqual({
      state: "ACTIVE",
      loyaltyPoints: { label: "Carimbos", balance: { int: card.stamps } },
      textModulesData: [
        expect.objectContaining({ body: `${card.stamps}/${card.maxStamps} — ${card.reward}` }),
      ],
    });
    expect(card.stamps).toBe(1);
    expect(google.refusals).toEqual([]);
    expect(google.tokenCount()).toBe(1);
  });

  it("takes Google's 404 (the pass was never saved) as done, not as a failure to retry", async () => {
    google.replies.push(404);
    const before = google.patches.length;
    await stamp(bia.customerId);
    t.jobs!.wake(GOOGLE_WALLET_SYNC_JOB);
    await until(async () => google.patches[before]);
    const last = await until(async () => {
      const jobs = (await syncJobs()).filter((j) => j.data.cardId === biaCardId);
      return jobs.at(-1)?.state === "completed" && jobs.at(-1);
    });
    expect(last.state).toBe("completed");
    // The token was kept: one for both PATCHes.
    expect(google.tokenCount()).toBe(1);
  });

  it("after a redemption, PATCHes the pass as completed", async () => {
    let card = await stamp(ana.customerId);
    for (let i = 0; card.status !== "complete" && i < 30; i++) card = await stamp(ana.customerId);
    expect(card.status).toBe("complete");
    const before = google.patches.length;
    await ok(
      apiAs(t, cafe.cookie).POST("/api/cards/{id}/redeem", {
        params: { path: { id: anaCardId } },
        body: {},
      }),
    );
    t.jobs!.wake(GOOGLE_WALLET_SYNC_JOB);
    const redeemed = await until(async () =>
      google.patches.slice(before).find((p) => p.body.state === "COMPLETED"),
    );
    expect(redeemed.path).toBe(`/walletobjects/v1/loyaltyObject/${ISSUER}.card-${anaCardId}`);
    expect(redeemed.body.loyaltyPoints).toEqual({
      label: "Carimbos",
      balance: { int: card.maxStamps },
    });
  });

  it("when off: no button link (404 wallet_off), no job queued on a stamp, health says off", async () => {
    setGoogleWallet(undefined);
    try {
      const body = await errorBody(await walletLink(anaCardId, ana.cookie), 404);
      expect(body.error.code).toBe("wallet_off");
      const jobsBefore = (await syncJobs()).length;
      await stamp(ana.customerId);
      expect((await syncJobs()).length).toBe(jobsBefore);
      expect(await (await t.request("/api/health")).json()).toMatchObject({
        wallet: { google: false, apple: false },
      });
    } finally {
      setGoogleWallet(google.config);
    }
  });
});

describe("GOOGLE_WALLET_* (env)", () => {
  const key = JSON.stringify({
    type: "service_account",
    client_email: CLIENT_EMAIL,
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  });

  it("is off without both variables, and on with the key inline or as a file", () => {
    expect(loadEnv({}).googleWallet).toBeUndefined();
    const inline = loadEnv({ GOOGLE_WALLET_ISSUER_ID: ISSUER, GOOGLE_WALLET_SERVICE_ACCOUNT: key });
    expect(inline.googleWallet).toMatchObject({
      issuerId: ISSUER,
      clientEmail: CLIENT_EMAIL,
      apiUrl: "https://walletobjects.googleapis.com/walletobjects/v1",
      tokenUrl: "https://oauth2.googleapis.com/token",
    });
    const file = join(mkdtempSync(join(tmpdir(), "wallet-key-")), "key.json");
    writeFileSync(file, key);
    const fromFile = loadEnv({
      GOOGLE_WALLET_ISSUER_ID: ISSUER,
      GOOGLE_WALLET_SERVICE_ACCOUNT: file,
      GOOGLE_WALLET_API_URL: "http://127.0.0.1:9/walletobjects/v1/",
    });
    expect(fromFile.googleWallet?.clientEmail).toBe(CLIENT_EMAIL);
    expect(fromFile.googleWallet?.apiUrl).toBe("http://127.0.0.1:9/walletobjects/v1");
  });

  it("refuses half a configuration or a key it cannot use, with a clear message", () => {
    expect(() => loadEnv({ GOOGLE_WALLET_ISSUER_ID: ISSUER })).toThrow(/go together/);
    expect(() => loadEnv({ GOOGLE_WALLET_SERVICE_ACCOUNT: key })).toThrow(/go together/);
    const bad = (account: string) => () =>
      loadEnv({ GOOGLE_WALLET_ISSUER_ID: ISSUER, GOOGLE_WALLET_SERVICE_ACCOUNT: account });
    expect(bad("{not json")).toThrow(/not valid JSON/);
    expect(bad('{"client_email":"a@b"}')).toThrow(/client_email and private_key/);
    expect(bad('{"client_email":"a@b","private_key":"nope"}')).toThrow(/not a PEM private key/);
    expect(bad("/no/such/key.json")).toThrow(/cannot read the file/);
    expect(() =>
      loadEnv({ GOOGLE_WALLET_ISSUER_ID: "abc", GOOGLE_WALLET_SERVICE_ACCOUNT: key }),
    ).toThrow(/GOOGLE_WALLET_ISSUER_ID/);
  });
});
