import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dataDirSecret, lockDataDir } from "./data-dir";
import { loadEnv } from "./env";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "carimbou-data-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("DATA_DIR lock", () => {
  it("refuses a second server while the first one lives, and takes over a dead one's lock", async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(join(dir, "server.lock"), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(/already using DATA_DIR/);
    } finally {
      other.kill();
    }
    await new Promise((resolve) => other.once("exit", resolve));
    const unlock = lockDataDir(dir);
    expect(readFileSync(join(dir, "server.lock"), "utf8")).toBe(String(process.pid));
    unlock();
    expect(existsSync(join(dir, "server.lock"))).toBe(false);
  });
});

describe("auth secret", () => {
  it("is generated once and kept in DATA_DIR", () => {
    const dir = tempDir();
    const first = dataDirSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(dataDirSecret(dir)).toBe(first);
  });

  it("must be set in production", () => {
    expect(() => loadEnv({ NODE_ENV: "production" })).toThrow(
      /AUTH_SECRET is required in production/,
    );
    expect(loadEnv({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32) }).authSecret).toBe(
      "x".repeat(32),
    );
  });

  it("needs BACKUP_DIR on PostgreSQL, and says so", () => {
    expect(() => loadEnv({ DATABASE_URL: "postgres://localhost/carimbou" })).toThrow(
      /BACKUP_DIR is required when DATABASE_URL is set/,
    );
    expect(
      loadEnv({ DATABASE_URL: "postgres://localhost/carimbou", BACKUP_DIR: "/srv/backups" })
        .backupDir,
    ).toBe("/srv/backups");
  });

  it("defaults to port 3000, ./data and APP_URL on localhost", () => {
    expect(loadEnv({ DATABASE_URL: "", SMTP_URL: "" })).toMatchObject({
      databaseUrl: undefined,
      smtpUrl: undefined,
      port: 3000,
      dataDir: "./data",
      backupDir: "data/backups",
      appUrl: "http://localhost:3000",
      trustProxyHops: 0,
    });
  });
});
