import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatEntry, log, REDACTED } from "./log";

afterEach(() => vi.restoreAllMocks());

describe("the server's logger never prints personal data or secrets (issue 34)", () => {
  it("passes a normal message through unchanged, on one line", () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    log.info("Demo database for 2026-11-27 built in 812 ms (process memory +34 MB)");
    expect(info).toHaveBeenCalledWith(
      "Demo database for 2026-11-27 built in 812 ms (process memory +34 MB)",
    );
    expect(formatEntry(["Slow request: GET /api/customers → 200 in 3012 ms"])).toBe(
      "Slow request: GET /api/customers → 200 in 3012 ms",
    );
    expect(formatEntry(["Job send-email 5b1e0c7e-8a7b-4f7c-9a52-123456789012 failed"])).toBe(
      "Job send-email 5b1e0c7e-8a7b-4f7c-9a52-123456789012 failed",
    );
  });

  it("hides e-mail addresses", () => {
    const line = formatEntry([
      "Could not send the confirmation e-mail to Ana.Souza+1@exemplo.com.br:",
    ]);
    expect(line).not.toContain("Ana.Souza");
    expect(line).toBe("Could not send the confirmation e-mail to [email]:");
  });

  it("hides phone numbers in the shapes Brazilians write them", () => {
    for (const phone of [
      "(11) 98765-4321",
      "+55 11 98765-4321",
      "5511987654321",
      "11987654321",
      "(21) 3333-4444",
    ]) {
      const line = formatEntry([`WhatsApp contact ${phone} answered`]);
      expect(line, phone).toBe("WhatsApp contact [phone] answered");
    }
  });

  it("hides CPF and CNPJ numbers (a payment provider's error can quote them)", () => {
    expect(
      formatEntry([
        'Asaas POST /customers answered 400: {"cpfCnpj":"123.456.789-09","x":"12.345.678/0001-95 e 12345678000195"}',
      ]),
    ).toBe(
      'Asaas POST /customers answered 400: {"cpfCnpj":"[cpf/cnpj]","x":"[cpf/cnpj] e [cpf/cnpj]"}',
    );
  });

  it("hides a failed statement's parameters (drizzle) and the values in a PostgreSQL error", () => {
    const pgError = Object.assign(
      new Error('duplicate key value violates unique constraint "profiles_email_unique"'),
      {
        code: "23505",
        constraint: "profiles_email_unique",
        table: "profiles",
        detail: "Key (lower(email))=(ana@exemplo.com) already exists.",
        parameters: ["ana@exemplo.com", "Ana Souza", "11987654321"],
      },
    );
    const error = new DrizzleQueryError(
      'insert into "profiles" ("email", "name", "phone") values ($1, $2, $3)',
      ["ana@exemplo.com", "Ana Souza\nda Silva", "11987654321"],
      pgError,
    );
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    log.error("POST /api/accounts/customer failed:", error);
    const line = String(logged.mock.calls[0]?.[0]);
    expect(line).toContain('insert into "profiles"');
    expect(line).toContain(`params: ${REDACTED}`);
    expect(line).toContain("code=23505");
    expect(line).toContain("constraint=profiles_email_unique");
    expect(line).toContain(`Key (lower(email))=(${REDACTED}) already exists.`);
    for (const secret of ["ana@exemplo.com", "Ana Souza", "da Silva", "11987654321"]) {
      expect(line).not.toContain(secret);
    }
    expect(line).not.toContain("\n");

    // The same text inside a message (a job's failure line quotes error.message).
    const quoted = formatEntry([`Job x failed: ${error.message}`]);
    expect(quoted).not.toContain("Ana Souza");
    expect(formatEntry(["Failing row contains (42, Ana Souza, ana@x.com)."])).toBe(
      `Failing row contains (${REDACTED}).`,
    );
  });

  it("hides the listed keys of an object, like pino's redact paths", () => {
    const line = formatEntry([
      "webhook",
      {
        companyId: "c1",
        phone: "11987654321",
        email: "a@b.co",
        params: [1],
        ip_address: "1.2.3.4",
      },
    ]);
    expect(line).toBe(
      `webhook {"companyId":"c1","phone":"${REDACTED}","email":"${REDACTED}","params":"${REDACTED}","ip_address":"${REDACTED}"}`,
    );
  });

  it("hides invitation, reset and opt-out tokens in links and paths", () => {
    const cases: [string, string][] = [
      [
        "https://carimbou.com.br/convite?token=Zx81kq",
        `https://carimbou.com.br/convite?token=${REDACTED}`,
      ],
      ["/equipe/convite?token=abc.def-ghi", `/equipe/convite?token=${REDACTED}`],
      [
        "Slow request: GET /api/auth/reset-password/Qw3rTy → 302 in 3100 ms",
        `Slow request: GET /api/auth/reset-password/${REDACTED} → 302 in 3100 ms`,
      ],
      ["/redefinir-senha?token=Qw3rTy&lang=pt", `/redefinir-senha?token=${REDACTED}&lang=pt`],
      [
        "/api/marketing/opt-out/one-click?token=s1gn3d",
        `/api/marketing/opt-out/one-click?token=${REDACTED}`,
      ],
      ["/descadastrar?token=s1gn3d", `/descadastrar?token=${REDACTED}`],
      ["/convite?codigo=K7P-4QX", `/convite?codigo=${REDACTED}`],
      [
        "/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImEifQ.sig&callbackURL=/",
        `/api/auth/verify-email?token=${REDACTED}&callbackURL=/`,
      ],
    ];
    for (const [input, expected] of cases) expect(formatEntry([input]), input).toBe(expected);
  });

  it("hides the Authorization header, API keys, cookies and URL passwords", () => {
    const line = formatEntry([
      "Authorization: Bearer cb_live_AbC1dEf2GhI3 | cookie: better-auth.session_token=s3ss.10n; theme=dark",
    ]);
    expect(line).not.toContain("AbC1dEf2GhI3");
    expect(line).not.toContain("s3ss.10n");
    expect(formatEntry([{ headers: { Authorization: "ApplePass t0k3n", Cookie: "a=b" } }])).toBe(
      `{"headers":{"Authorization":"${REDACTED}","Cookie":"${REDACTED}"}}`,
    );
    expect(formatEntry(["key cb_test_9f8e7d6c5b4a"])).toBe(`key cb_${REDACTED}`);
    expect(formatEntry(["SMTP smtp://mailer:hunter2@smtp.exemplo.com:587 down"])).toBe(
      `SMTP smtp://${REDACTED}@smtp.exemplo.com:587 down`,
    );
  });

  it("folds a multi-line message and an error's stack into one line", () => {
    const line = formatEntry(["[dev-mailbox] first\n  link: x\n  mailbox: y", new Error("boom")]);
    expect(line).not.toContain("\n");
    expect(line).toMatch(/^\[dev-mailbox\] first \| link: x \| mailbox: y Error: boom at /);
  });
});

describe("src/server logs only through lib/log.ts", () => {
  const root = join(__dirname, "..");
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return files(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes("/test/")
        ? [path]
        : [];
    });

  it("has no console.log/info/warn/error outside the logger", () => {
    const offenders = files(root).filter(
      (path) =>
        !path.endsWith("lib/log.ts") &&
        /\bconsole\.(log|info|warn|error|debug)\b|=\s*console\b|\?\?\s*console\b/.test(
          readFileSync(path, "utf8"),
        ),
    );
    expect(offenders.map((p) => p.slice(root.length + 1))).toEqual([]);
  });
});
