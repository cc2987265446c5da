import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScheduledBackups } from "../../flows/backups";
import { answerOf, apiAs, ok } from "../../test/api";
import { createTestApp, type TestApp } from "../../test/test-app";
import { backupPeriod, isBackupDue } from "./backup-period";

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let barber: { cookie: string; companyId: string };

const setSystem = (cookie: string, backupFrequency: string, retentionMonths = 24) =>
  t.request("/api/settings/system", {
    cookie,
    method: "PUT",
    body: { backupFrequency, retentionMonths },
  });
const listBackups = async (cookie: string) => ok(apiAs(t, cookie).GET("/api/settings/backups"));
const runJob = (now: string) =>
  runScheduledBackups(t.db, t.backupDir, new Date(now), { error: () => {} });
const filesOf = (companyId: string) =>
  existsSync(join(t.backupDir, companyId)) ? readdirSync(join(t.backupDir, companyId)).sort() : [];

beforeAll(async () => {
  t = await createTestApp();
  cafe = await t.companySession();
  barber = await t.companySession({
    companyName: "Barbearia Navalha",
    email: "dono@navalha.com.br",
    phone: "(11) 97777-6666",
  });
  // A little data, so the zips hold rows.
  const ana = await t.customerSession({
    email: "ana@example.com",
    name: "Ana Souza",
    origin: { empresa_id: cafe.companyId, origem: "qrcode_empresa" },
  });
  await answerOf<"/api/customers/{id}/stamps", "post">(
    await t.request(`/api/customers/${ana.customerId}/stamps`, {
      cookie: cafe.cookie,
      body: { method: "purchase", notes: "Carimbo agendado" },
    }),
    201,
  );
});

afterAll(async () => {
  await t?.close();
});

describe("periods", () => {
  it("a day, an ISO week starting on Monday, a month", () => {
    expect(backupPeriod("daily", "2026-11-25")).toBe("2026-11-25");
    // Wednesday 25 and Monday 23 November 2026 share a week; Sunday 22 is the week before.
    expect(backupPeriod("weekly", "2026-11-25")).toBe(backupPeriod("weekly", "2026-11-23"));
    expect(backupPeriod("weekly", "2026-11-29")).toBe(backupPeriod("weekly", "2026-11-23"));
    expect(backupPeriod("weekly", "2026-11-22")).not.toBe(backupPeriod("weekly", "2026-11-23"));
    expect(backupPeriod("monthly", "2026-11-30")).toBe(backupPeriod("monthly", "2026-11-01"));
    expect(isBackupDue("daily", "2026-11-25", ["2026-11-24"])).toBe(true);
    expect(isBackupDue("daily", "2026-11-25", ["2026-11-25"])).toBe(false);
    expect(isBackupDue("weekly", "2026-11-29", ["2026-11-23"])).toBe(false);
    expect(isBackupDue("weekly", "2026-11-30", ["2026-11-29"])).toBe(true);
    expect(isBackupDue("monthly", "2026-12-01", ["2026-11-30"])).toBe(true);
    expect(isBackupDue("monthly", "2026-11-30", ["2026-11-01"])).toBe(false);
    expect(isBackupDue("monthly", "2026-11-30", [])).toBe(true);
  });
});

describe("scheduled backups", () => {
  it("writes each company's first backup, once per period, and sets 'Último backup'", async () => {
    await answerOf<"/api/settings/system", "put">(await setSystem(cafe.cookie, "daily"));
    await answerOf<"/api/settings/system", "put">(await setSystem(barber.cookie, "weekly"));

    // Wednesday 25 November 2026, 03:30 in São Paulo.
    const first = await runJob("2026-11-25T06:30:00Z");
    expect(first.written.sort()).toEqual(
      [
        `${cafe.companyId}/carimbou-backup-cafe-do-ponto-2026-11-25.zip`,
        `${barber.companyId}/carimbou-backup-barbearia-navalha-2026-11-25.zip`,
      ].sort(),
    );
    const system = await ok(apiAs(t, cafe.cookie).GET("/api/settings/system"));
    expect(system.lastBackupAt).toBe("2026-11-25T06:30:00.000Z");

    // The same day again (a retry, a second server): nothing more.
    const again = await runJob("2026-11-25T06:31:00Z");
    expect(again.written).toEqual([]);
    expect(filesOf(cafe.companyId)).toEqual(["carimbou-backup-cafe-do-ponto-2026-11-25.zip"]);

    // Thursday: the daily company is due, the weekly one is not.
    const thursday = await runJob("2026-11-26T06:30:00Z");
    expect(thursday.written).toEqual([
      `${cafe.companyId}/carimbou-backup-cafe-do-ponto-2026-11-26.zip`,
    ]);
    // Monday 30 November: a new week.
    await runJob("2026-11-30T06:30:00Z");
    expect(filesOf(barber.companyId)).toEqual([
      "carimbou-backup-barbearia-navalha-2026-11-25.zip",
      "carimbou-backup-barbearia-navalha-2026-11-30.zip",
    ]);
  });

  it("monthly: once in the month, again in the next", async () => {
    await answerOf<"/api/settings/system", "put">(await setSystem(barber.cookie, "monthly"));
    expect((await runJob("2026-12-01T06:30:00Z")).written).toContain(
      `${barber.companyId}/carimbou-backup-barbearia-navalha-2026-12-01.zip`,
    );
    expect((await runJob("2026-12-15T06:30:00Z")).written).not.toContain(
      `${barber.companyId}/carimbou-backup-barbearia-navalha-2026-12-15.zip`,
    );
    expect((await runJob("2027-01-01T06:30:00Z")).written).toContain(
      `${barber.companyId}/carimbou-backup-barbearia-navalha-2027-01-01.zip`,
    );
  });

  it("keeps the newest 12 (retention 12 months) and removes the rest", async () => {
    await answerOf<"/api/settings/system", "put">(await setSystem(cafe.cookie, "daily", 12));
    // Twenty days of backups (a few already exist from the tests above).
    for (let day = 1; day <= 20; day += 1) {
      await runJob(`2027-02-${String(day).padStart(2, "0")}T06:30:00Z`);
    }
    const files = filesOf(cafe.companyId);
    expect(files).toHaveLength(12);
    expect(files[0]).toBe("carimbou-backup-cafe-do-ponto-2027-02-09.zip");
    expect(files.at(-1)).toBe("carimbou-backup-cafe-do-ponto-2027-02-20.zip");

    await answerOf<"/api/settings/system", "put">(await setSystem(cafe.cookie, "daily", 24));
    for (let day = 21; day <= 28; day += 1) {
      await runJob(`2027-02-${String(day).padStart(2, "0")}T06:30:00Z`);
    }
    expect(filesOf(cafe.companyId)).toHaveLength(20);
  });

  it("leaves no temporary file behind and removes a stale one", async () => {
    const dir = join(t.backupDir, cafe.companyId);
    const stale = join(dir, ".carimbou-backup-cafe-do-ponto-2027-03-01.zip.x.tmp");
    writeFileSync(stale, "half");
    // The job runs a day and more later than the file's time.
    await runJob(new Date(Date.now() + 2 * 86_400_000).toISOString());
    expect(readdirSync(dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  it("holds the same files as the manual backup", async () => {
    const [newest] = await listBackups(cafe.cookie);
    const stored = unzipSync(
      new Uint8Array(
        await (
          await t.request(`/api/settings/backups/${newest!.name}`, { cookie: cafe.cookie })
        ).arrayBuffer(),
      ),
    );
    const manual = unzipSync(
      new Uint8Array(
        await (await t.request("/api/settings/backup", { cookie: cafe.cookie })).arrayBuffer(),
      ),
    );
    expect(Object.keys(stored).sort()).toEqual(Object.keys(manual).sort());
    expect(Object.keys(stored)).toContain("clientes.csv");
    expect(strFromU8(stored["carimbos.csv"]!)).toContain("Carimbo agendado");
  });
});

describe("listing and download", () => {
  it("lists the company's own backups, newest first, with day and size", async () => {
    const list = await listBackups(barber.cookie);
    expect(list.map((b) => b.date)).toEqual(
      [...list.map((b) => b.date)].sort((a, b) => b.localeCompare(a)),
    );
    expect(list.every((b) => b.name.startsWith("carimbou-backup-barbearia-navalha-"))).toBe(true);
    expect(list[0]!.size).toBeGreaterThan(100);
    const res = await t.request(`/api/settings/backups/${list[0]!.name}`, {
      cookie: barber.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toContain(list[0]!.name);
    expect((await res.arrayBuffer()).byteLength).toBe(list[0]!.size);
  });

  it("another company's file, a made-up name or a path trick is a 404", async () => {
    const [theirs] = await listBackups(barber.cookie);
    const asCafe = (path: string) => t.request(path, { cookie: cafe.cookie });
    expect((await asCafe(`/api/settings/backups/${theirs!.name}`)).status).toBe(404);
    expect(
      (await asCafe("/api/settings/backups/carimbou-backup-cafe-do-ponto-1999-01-01.zip")).status,
    ).toBe(404);
    // A file outside the company's folder, with a name that would otherwise pass.
    mkdirSync(join(t.backupDir, "x"), { recursive: true });
    writeFileSync(join(t.backupDir, "carimbou-backup-x-2027-01-01.zip"), "secret");
    for (const name of [
      encodeURIComponent(`../${barber.companyId}/${theirs!.name}`),
      encodeURIComponent("../carimbou-backup-x-2027-01-01.zip"),
      `..%2F${barber.companyId}%2F${theirs!.name}`,
      "..",
      "%2e%2e",
      ".carimbou-backup-cafe-do-ponto-2027-03-01.zip.x.tmp",
      // longer than any file name the file system holds: still a 404, not a 500
      `carimbou-backup-${"a".repeat(300)}-2027-01-01.zip`,
    ]) {
      const res = await asCafe(`/api/settings/backups/${name}`);
      expect(res.status, name).toBe(404);
    }
    expect((await asCafe(`/api/settings/backups/../${barber.companyId}`)).status).toBe(404);
  });

  it("needs a signed-in company", async () => {
    const ana = await t.signIn("ana@example.com", "segredo1");
    expect((await t.request("/api/settings/backups", { cookie: ana })).status).toBe(403);
    expect((await t.request("/api/settings/backups")).status).toBe(401);
  });
});
