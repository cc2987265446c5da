import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { openTestDatabase } from "../../test/databases";
import { companyInput, TEST_APP_URL } from "../../test/test-app";
import { createMailer, pooledSmtpUrl } from "./mail.service";
import { sendQueuedEmails } from "./outbox";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject("pgliteTemplatePath"));
});
afterAll(async () => {
  await database?.close();
});

describe("dev mailbox (no SMTP_URL, not production)", () => {
  it("keeps the confirmation e-mail on a page and prints its link in the log", async () => {
    const logged: string[] = [];
    const logger = { info: (m: string) => logged.push(m), warn: () => {}, error: () => {} };
    const mailer = createMailer({
      smtpUrl: undefined,
      from: "Carimbou <x@example.com>",
      db: database.db,
      production: false,
      appUrl: TEST_APP_URL,
      logger,
    });
    expect(mailer.kind).toBe("dev-mailbox");
    const { app } = createApp({
      db: database.db,
      mailer,
      appUrl: TEST_APP_URL,
      authSecret: "s".repeat(40),
    });
    const env = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };

    const res = await app.request(
      "/api/accounts/company",
      {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_APP_URL },
        body: JSON.stringify(companyInput({ email: "caixa@example.com" })),
      },
      env,
    );
    expect(res.status).toBe(201);
    // The outbox's worker writes the e-mail to the dev mailbox (here, in the test's own call).
    await sendQueuedEmails(database.db, mailer);
    expect(logged.join("\n")).toMatch(
      /caixa@example\.com[\s\S]*link: http:\/\/localhost:3999\/api\/auth\/verify-email\?token=/,
    );

    const list = await (await app.request("/dev/mailbox", {}, env)).text();
    expect(list).toContain("Confirme seu email no Carimbou");
    expect(list).toContain("caixa@example.com");
    const href = list.match(/href="(\/dev\/mailbox\/[^"]+)"/)?.[1];
    const page = await (await app.request(href!, {}, env)).text();
    expect(page).toContain("Confirmar meu email");
    expect(page).toContain("/api/auth/verify-email?token=");

    // only this machine sees it, whatever NODE_ENV; the socket address decides, never a header
    for (const address of ["::1", "::ffff:127.0.0.1", "127.0.0.2"]) {
      const local = { incoming: { socket: { remoteAddress: address } } };
      expect((await app.request("/dev/mailbox", {}, local)).status, address).toBe(200);
    }
    for (const address of ["192.168.0.10", "10.0.0.5", "::ffff:192.168.0.10", "fe80::1"]) {
      const remote = { incoming: { socket: { remoteAddress: address } } };
      expect((await app.request("/dev/mailbox", {}, remote)).status, address).toBe(404);
      expect((await app.request(href!, {}, remote)).status, address).toBe(404);
    }
    // relayed by a proxy on this machine: refused too (X-Forwarded-For is never trusted here)
    const relayed = await app.request(
      "/dev/mailbox",
      { headers: { "x-forwarded-for": "127.0.0.1" } },
      env,
    );
    expect(relayed.status).toBe(404);
  });

  it("is refused in production: SMTP_URL is required there", () => {
    expect(() =>
      createMailer({
        smtpUrl: undefined,
        from: "x",
        db: database.db,
        production: true,
        appUrl: TEST_APP_URL,
      }),
    ).toThrow(/SMTP_URL is required in production/);
  });
});

describe("SMTP_URL", () => {
  it("sends on a pool of kept-open connections unless the URL says otherwise", () => {
    expect(pooledSmtpUrl("smtp://user:p%40ss@mail.example.com:587")).toBe(
      "smtp://user:p%40ss@mail.example.com:587?pool=true&maxConnections=5",
    );
    expect(pooledSmtpUrl("smtps://mail.example.com?pool=false")).toBe(
      "smtps://mail.example.com?pool=false&maxConnections=5",
    );
    expect(pooledSmtpUrl("smtp://mail.example.com?maxConnections=2")).toBe(
      "smtp://mail.example.com?maxConnections=2&pool=true",
    );
  });
});
