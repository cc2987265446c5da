import pg from "pg";
import { testEnv } from "../src/server/test/test-env";
import { type AppServer, expect, test, uniqueEmail } from "./support/test";

const RACE = 200;

// Two app processes on one port; the last test stops them, so this file has a server of its own
// (a server variable of its own means a worker of its own).
test.use({ serverEnv: { WEB_CONCURRENCY: "2" } });
// The second test uses the first one's company; the last one kills the server.
test.describe.configure({ mode: "serial" });

// Two app processes on one port (WEB_CONCURRENCY=2) need PostgreSQL: PGlite is one process's.
test.describe("two app processes on one port", () => {
  test.skip(!testEnv.TEST_DATABASE_URL, "two app processes on one port need PostgreSQL");

  let db: pg.Client;
  let server: AppServer;

  test.beforeAll(async ({ server: app }) => {
    server = app;
    db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
  });
  test.afterAll(async () => {
    await db?.end();
  });

  const post = (path: string, body: unknown, cookie = "") =>
    fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.baseUrl, cookie },
      body: JSON.stringify(body),
    });
  const customer = (email: string, companyId: string) =>
    post("/api/accounts/customer", {
      name: "Cliente Carga",
      email,
      password: "segredo1",
      city: "São Paulo",
      state: "SP",
      phone: "",
      birthDate: "",
      origin: { empresa_id: companyId },
    });
  const cardOf = async (email: string) => {
    const { rows } = await db.query<{ id: string }>(
      "select c.id from loyalty_cards c join users u on u.id = c.customer_id where u.email = $1",
      [email],
    );
    return rows[0]!.id;
  };
  const stampsOn = async (cardId: string) => {
    const { rows } = await db.query<{ card: number; rows: number }>(
      "select c.stamps as card, (select coalesce(sum(s.count), 0)::int from stamps s where s.card_id = c.id) as rows from loyalty_cards c where c.id = $1",
      [cardId],
    );
    return rows[0]!;
  };
  const race = (cardId: string, cookie: string) =>
    Promise.all(
      Array.from({ length: RACE }, () =>
        post(`/api/cards/${cardId}/stamps`, { method: "purchase" }, cookie),
      ),
    );

  let cookie = "";
  let companyId = "";
  let owner = "";
  let ana = "";

  test(`answers from both processes, and ${RACE} add-stamps at once on one card count exactly`, async ({
    accounts,
  }) => {
    const company = await accounts.company({
      companyName: "Café Dois Processos",
      email: "dono@dois-processos.com.br",
      phone: "11 99999-0000",
    });
    owner = company.email;
    const signIn = await post("/api/session", { email: company.email, password: company.password });
    expect(signIn.status).toBe(200);
    cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    companyId = ((await signIn.json()) as { company: { id: string } }).company.id;
    // No owner's digest ('1 cartão completo', the minute job after the race below): the owner's
    // only e-mail is the confirmation, which the next test counts, however slow the run is.
    const quiet = await fetch(`${server.baseUrl}/api/settings/notifications`, {
      method: "PUT",
      headers: { "content-type": "application/json", origin: server.baseUrl, cookie },
      body: JSON.stringify({
        push: true,
        email: false,
        messages: true,
        stamps: true,
        completedCards: true,
      }),
    });
    expect(quiet.status, await quiet.text()).toBe(200);

    // A card of 10: exactly 10 stamps land, the card completes once, the rest are conflicts.
    ana = uniqueEmail("ana@dois-processos.com.br");
    expect((await customer(ana, companyId)).status).toBe(201);
    const small = await cardOf(ana);
    const first = await race(small, cookie);
    const statuses = first.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(RACE - 10);
    const bodies = await Promise.all(first.filter((r) => r.ok).map((r) => r.json()));
    expect(bodies.filter((b: { status: string }) => b.status === "complete")).toHaveLength(1);
    expect(await stampsOn(small)).toEqual({ card: 10, rows: 10 });
    // The primary handed the connections to both processes (the header exists only in tests).
    const workers = new Set(first.map((r) => r.headers.get("x-carimbou-worker")));
    expect(workers).toEqual(new Set(["1", "2"]));

    // A card with room for all of them: no stamp is lost between the two processes.
    const bia = uniqueEmail("bia@dois-processos.com.br");
    expect((await customer(bia, companyId)).status).toBe(201);
    const large = await cardOf(bia);
    await db.query("update loyalty_cards set max_stamps = 1000 where id = $1", [large]);
    const second = await race(large, cookie);
    expect(second.filter((r) => r.status === 201)).toHaveLength(RACE);
    expect(await stampsOn(large)).toEqual({ card: RACE, rows: RACE });
  });

  test("sends every queued e-mail once, whichever process's worker takes it", async ({ mail }) => {
    const emails = Array.from({ length: 12 }, (_, i) =>
      uniqueEmail(`cliente${i}@dois-processos.com.br`),
    );
    const signUps = await Promise.all(emails.map((email) => customer(email, companyId)));
    expect(signUps.map((r) => r.status)).toEqual(emails.map(() => 201));
    for (const email of emails) await mail.linkSentTo(email);
    // Both processes poll the outbox every second: time for a second delivery to show up.
    await new Promise((r) => setTimeout(r, 3000));
    const count = (to: string) => mail.mails.filter((m) => m.to === to).length;
    expect(emails.map(count)).toEqual(emails.map(() => 1));
    expect(count(owner)).toBe(1);
    // Ana's confirmation, and the e-mail of her card completed in the race: each once.
    expect(
      mail.mails
        .filter((m) => m.to === ana)
        .map((m) => m.subject)
        .sort(),
    ).toEqual([
      "Confirme seu email no Carimbou",
      "Seu cartão de Café Dois Processos está completo!",
    ]);
  });

  test("starts another process when one dies, and stops both on SIGTERM", async () => {
    const serving = () => [...server.output().matchAll(/App process (\d+) is serving/g)];
    const victim = Number(serving()[0]![1]);
    process.kill(victim, "SIGKILL");
    const deadline = Date.now() + 30_000;
    while (serving().length < 3 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(server.output()).toContain(`App process ${victim} exited (signal SIGKILL)`);
    expect(serving()).toHaveLength(3);
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);

    const exited = new Promise<number | null>((resolve) => server.process.once("exit", resolve));
    server.process.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(server.output()).toContain("All 2 processes stopped.");
  });
});
