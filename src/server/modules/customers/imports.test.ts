import { randomUUID } from "node:crypto";
import type { ImportPreview } from "@shared/customer-imports";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_IMPORT_JOB_DEFINITION } from "../../flows/import-customers";
import { apiAs, errorBody, ok, runJob } from "../../test/api";
import { createTestApp, TEST_APP_URL, type TestApp } from "../../test/test-app";
import { stamps } from "../stamps/stamps.table";
import { CUSTOMER_IMPORT_JOB } from "./imports.service";
import { customerInvitations } from "./invitations.table";

let t: TestApp;
let cafe: { cookie: string; companyId: string };
let barber: { cookie: string; companyId: string };

beforeAll(async () => {
  // The import's job runs as in the app: a worker takes what 'Importar' enqueues.
  t = await createTestApp({ jobs: { jobs: [CUSTOMER_IMPORT_JOB_DEFINITION] } });
  cafe = await t.companySession({ companyName: "Café Aurora", email: "aurora@example.com" });
  barber = await t.companySession({ companyName: "Barbearia Sul", email: "barba@example.com" });
});
afterAll(async () => {
  await t?.close();
});

/** Uploads a file to 'Importar' as the browser does (multipart, field `file`). */
async function upload(cookie: string, content: string | Uint8Array, name = "clientes.csv") {
  const form = new FormData();
  form.set("file", new File([content as BlobPart], name));
  const res = await t.app.request(
    "/api/customers/imports",
    { method: "POST", body: form, headers: { origin: TEST_APP_URL, cookie } },
    { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
  );
  return res;
}

async function preview(cookie: string, content: string | Uint8Array): Promise<ImportPreview> {
  const res = await upload(cookie, content);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as ImportPreview;
}

const getImport = (cookie: string, id: string) =>
  ok(apiAs(t, cookie).GET("/api/customers/imports/{id}", { params: { path: { id } } }));

/**
 * Confirms and waits for the job to finish, polling the progress as the dialog does; `progress`
 * gets each processed count seen. The worker is woken at once instead of at its next poll.
 */
async function importAll(cookie: string, id: string, progress: number[] = []) {
  await ok(
    apiAs(t, cookie).POST("/api/customers/imports/{id}/confirm", { params: { path: { id } } }),
    202,
  );
  t.jobs!.wake(CUSTOMER_IMPORT_JOB);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const { import: batch } = await getImport(cookie, id);
    progress.push(batch.processedRows);
    if (batch.status === "done") return batch;
    expect(batch.status).not.toBe("failed");
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("the import did not finish");
}

const mailsTo = (email: string) => t.mails.filter((m) => m.to === email);
const linkIn = (email: string) =>
  new URL(
    mailsTo(email)
      .at(-1)!
      .text.match(/https?:\/\/\S+/)![0],
  ).searchParams.get("token")!;

describe("the preview", () => {
  it("names every bad row, stores nothing else and sends nothing", async () => {
    const before = t.mails.length;
    const p = await preview(
      cafe.cookie,
      "nome;email;telefone;carimbos\nAna;ana.p@example.com;;2\nBia;bia@;;3\nCaio;;;1\nDuda;;(11) 91234-5678;12\n",
    );
    expect(p.import).toMatchObject({
      status: "preview",
      totalRows: 4,
      validRows: 1,
      errorRows: 3,
      stampsWaiting: 2,
    });
    expect(p.cardSize).toBe(10);
    expect(p.errorRows.map((r) => [r.line, r.errors])).toEqual([
      [3, ["email_invalid"]],
      [4, ["contact_required"]],
      [5, ["stamps_over_size"]],
    ]);
    expect(p.sampleRows.map((r) => r.name)).toEqual(["Ana"]);
    expect(t.mails.length).toBe(before);
    // Thrown away: gone, and only a preview can be.
    await ok(
      apiAs(t, cafe.cookie).DELETE("/api/customers/imports/{id}", {
        params: { path: { id: p.import.id } },
      }),
      204,
    );
    const again = await t.request(`/api/customers/imports/${p.import.id}`, { cookie: cafe.cookie });
    expect((await errorBody(again, 404)).error.code).toBe("not_found");
  });

  it("refuses what is not a spreadsheet, too large, empty or without the needed columns", async () => {
    const code = async (res: Response, status: number) => (await errorBody(res, status)).error.code;
    expect(await code(await upload(cafe.cookie, "%PDF-1.4 …", "x.csv"), 422)).toBe(
      "import_file_type",
    );
    expect(await code(await upload(cafe.cookie, "nome;cidade\nAna;Rio\n"), 422)).toBe(
      "import_columns_missing",
    );
    expect(await code(await upload(cafe.cookie, "nome;email\n"), 422)).toBe("import_file_empty");
    const big = `nome;email\n${"Ana;a@example.com\n".repeat(620_000)}`;
    expect(await code(await upload(cafe.cookie, big), 413)).toBe("import_file_too_large");
    const list = await ok(apiAs(t, cafe.cookie).GET("/api/customers/imports"));
    expect(list.every((batch) => batch.status !== "preview" || batch.totalRows > 0)).toBe(true);
  });

  it("belongs to its company: another one gets 404, an attendant 403", async () => {
    const p = await preview(cafe.cookie, "nome;email\nAna;ana.x@example.com\n");
    const id = p.import.id;
    for (const [method, path] of [
      ["GET", `/api/customers/imports/${id}`],
      ["POST", `/api/customers/imports/${id}/confirm`],
      ["DELETE", `/api/customers/imports/${id}`],
      ["GET", `/api/customers/imports/${id}/result`],
      ["GET", `/api/customers/imports/${id}/codes`],
    ] as const) {
      const res = await t.request(path, { method, cookie: barber.cookie });
      expect((await errorBody(res, 404)).error.code, `${method} ${path}`).toBe("not_found");
    }
    expect(
      (await ok(apiAs(t, barber.cookie).GET("/api/customers/imports"))).map((b) => b.id),
    ).not.toContain(id);
    const attendant = await t.staffSession(cafe.companyId, "attendant");
    const res = await t.request("/api/customers/imports", { cookie: attendant.cookie });
    expect((await errorBody(res, 403)).error.code).toBe("role_forbidden");
    expect(
      (await errorBody(await upload(attendant.cookie, "nome;email\nA;a@example.com\n"), 403)).error
        .code,
    ).toBe("role_forbidden");
  });
});

describe("importing", () => {
  it("invites e-mails, gives phone-only rows a code, skips members and invitations, and a second import sends nothing", async () => {
    const member = await t.customerSession({ email: "membro@example.com" });
    await ok(
      apiAs(t, member.cookie).POST("/api/memberships", { body: { companyId: cafe.companyId } }),
    );
    const file = [
      "Nome;E-mail;Celular;Carimbos",
      "Luana;luana@example.com;;4",
      "Otávio;;(21) 99876-5432;3",
      "Membro;membro@example.com;;2",
      "Sem Carimbo;sem@example.com;;",
    ].join("\r\n");
    const first = await preview(cafe.cookie, file);
    const batch = await importAll(cafe.cookie, first.import.id);
    expect(batch).toMatchObject({
      processedRows: 4,
      invitedCount: 2,
      codeCount: 1,
      skippedCount: 1,
      stampsWaiting: 7,
    });
    expect(mailsTo("luana@example.com")[0]!.text).toContain(
      "Você já tem 4 carimbos esperando por você na Café Aurora.",
    );
    expect(mailsTo("sem@example.com")[0]!.text).not.toContain("esperando");
    expect(mailsTo("membro@example.com").some((m) => m.subject.includes("Convite"))).toBe(false);

    const res = await t.request(`/api/customers/imports/${first.import.id}/result`, {
      cookie: cafe.cookie,
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const result = new TextDecoder().decode(bytes);
    expect(result.split("\r\n")[0]).toBe("linha;nome;email;telefone;carimbos;resultado;motivo");
    expect(result).toContain("4;Membro;membro@example.com;;2;não enviado;já é cliente");
    const codes = await ok(
      apiAs(t, cafe.cookie).GET("/api/customers/imports/{id}/codes", {
        params: { path: { id: first.import.id } },
      }),
    );
    expect(codes).toEqual([
      expect.objectContaining({
        line: 3,
        name: "Otávio",
        phone: "(21) 99876-5432",
        whatsappUrl: null,
        accepted: false,
      }),
    ]);
    expect(codes[0]!.url).toBe(`${TEST_APP_URL}/convite?codigo=${codes[0]!.code}`);
    // 'Convites pendentes' lists the phone-only row too, by its code, with the stamps waiting.
    const waiting = await ok(apiAs(t, cafe.cookie).GET("/api/customers/invitations"));
    expect(waiting.find((i) => i.name === "Otávio")).toMatchObject({
      email: null,
      code: codes[0]!.code,
      stamps: 3,
      importId: first.import.id,
      status: "pending",
    });

    // The same file again: every row skipped, no e-mail.
    const mails = t.mails.length;
    const second = await preview(cafe.cookie, file);
    const again = await importAll(cafe.cookie, second.import.id);
    expect(again).toMatchObject({
      invitedCount: 0,
      scheduledCount: 0,
      codeCount: 0,
      skippedCount: 4,
    });
    expect(t.mails.length).toBe(mails);
    const confirmTwice = await t.request(`/api/customers/imports/${second.import.id}/confirm`, {
      method: "POST",
      cookie: cafe.cookie,
    });
    expect((await errorBody(confirmTwice, 409)).error.code).toBe("import_not_preview");

    // Accepting by the e-mail's link gives the paper card's stamps, once.
    const signUp = {
      token: linkIn("luana@example.com"),
      name: "Luana",
      password: "segredo1",
      phone: "",
      birthDate: "",
      city: "Rio",
      state: "RJ",
    };
    await ok(apiAs(t).POST("/api/invitations/sign-up", { body: signUp }));
    const luana = await t.signIn("luana@example.com", "segredo1");
    const cards = await ok(apiAs(t, luana).GET("/api/me/cards"));
    expect(cards.map((c) => [c.companyName, c.stamps])).toEqual([["Café Aurora", 4]]);
    const rows = await t.db.select().from(stamps).where(eq(stamps.method, "import"));
    expect(rows.map((s) => s.count)).toEqual([4]);
    expect((await getImport(cafe.cookie, first.import.id)).import).toMatchObject({
      acceptedCount: 1,
      stampsWaiting: 3,
    });
  });

  it("a short code: shows the company and the stamps only, a signed-in customer accepts it once", async () => {
    const p = await preview(cafe.cookie, "nome;telefone;carimbos\nRita;(31) 98765-1111;5\n");
    await importAll(cafe.cookie, p.import.id);
    const [entry] = await ok(
      apiAs(t, cafe.cookie).GET("/api/customers/imports/{id}/codes", {
        params: { path: { id: p.import.id } },
      }),
    );
    const typed = entry!.code.toLowerCase().replace("-", " ");
    const info = await ok(
      apiAs(t).GET("/api/invitations/code/{code}", { params: { path: { code: typed } } }),
    );
    expect(info).toEqual({ companyId: cafe.companyId, companyName: "Café Aurora", stamps: 5 });
    expect(JSON.stringify(info)).not.toContain("Rita");

    const rita = await t.customerSession({
      email: `rita-${randomUUID()}@example.com`,
      name: "Rita",
    });
    const answer = await ok(
      apiAs(t, rita.cookie).POST("/api/invitations/code/accept", { body: { code: entry!.code } }),
    );
    expect(answer).toMatchObject({ companyName: "Café Aurora", accepted: true });
    const cards = await ok(apiAs(t, rita.cookie).GET("/api/me/cards"));
    expect(cards.find((c) => c.companyName === "Café Aurora")?.stamps).toBe(5);
    const twice = await t.request("/api/invitations/code/accept", {
      cookie: rita.cookie,
      body: { code: entry!.code },
    });
    expect((await errorBody(twice, 404)).error.code).toBe("invitation_code_invalid");
    const codes = await ok(
      apiAs(t, cafe.cookie).GET("/api/customers/imports/{id}/codes", {
        params: { path: { id: p.import.id } },
      }),
    );
    expect(codes[0]!.accepted).toBe(true);

    // Guessed or malformed codes: one answer, and the lookups are limited per IP.
    const guess = await t.request("/api/invitations/code/ABCD-EFGH", { ip: "10.9.9.9" });
    expect((await errorBody(guess, 404)).error.code).toBe("invitation_code_invalid");
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i++) {
      status = (await t.request("/api/invitations/code/'; drop", { ip: "10.9.9.9" })).status;
    }
    expect(status).toBe(429);
  });

  it("5,000 rows through the job: 500 e-mails today, the rest scheduled and sent by the daily run; a second import sends nothing", async () => {
    const started = Date.now();
    const lines = ["nome;email;telefone;nascimento;cidade;estado;carimbos"];
    for (let i = 0; i < 5000; i++) {
      lines.push(
        `Cliente ${i};lote${i}@example.com;(11) 9${String(10000000 + i)};01/02/1990;Campinas;SP;${i % 10}`,
      );
    }
    const file = lines.join("\n");
    const p = await preview(barber.cookie, file);
    expect(p.import).toMatchObject({ totalRows: 5000, validRows: 5000 });
    const progress: number[] = [];
    const batch = await importAll(barber.cookie, p.import.id, progress);
    // A chunk at a time, each committed: the bar never goes back. (How many steps the polls
    // catch depends on the machine's speed: on PostgreSQL the job may finish between two polls.)
    expect(progress).toEqual(progress.toSorted((a, b) => a - b));
    expect(progress.at(-1)).toBe(5000);
    expect(batch).toMatchObject({
      processedRows: 5000,
      invitedCount: 500,
      scheduledCount: 4500,
      skippedCount: 0,
    });
    const sent = () =>
      t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(customerInvitations)
        .where(
          and(eq(customerInvitations.importId, p.import.id), isNotNull(customerInvitations.sentAt)),
        );
    expect((await sent())[0]!.n).toBe(500);

    const mails = t.mails.length;
    const second = await preview(barber.cookie, file);
    const again = await importAll(barber.cookie, second.import.id);
    expect(again).toMatchObject({
      processedRows: 5000,
      invitedCount: 0,
      codeCount: 0,
      skippedCount: 5000,
    });
    console.info(`5,000-row import, twice: ${Date.now() - started} ms`);

    // The next day: today's e-mails counted as yesterday's, the daily run sends 500 more.
    await t.db
      .update(customerInvitations)
      .set({ sentAt: sql`${customerInvitations.sentAt} - interval '1 day'` })
      .where(isNotNull(customerInvitations.sentAt));
    const run = await runJob<{ sent: number }>(t, "customer-import");
    expect(run.sent).toBe(500);
    expect((await sent())[0]!.n).toBe(1000);
    expect((await getImport(barber.cookie, p.import.id)).import).toMatchObject({
      invitedCount: 1000,
      scheduledCount: 4000,
    });
    await t.deliverQueuedEmails();
    expect(t.mails.length - mails).toBe(500);
  }, 120_000);
});
