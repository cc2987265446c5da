import { saoPauloDate } from "@shared/dates";
import { type AppServer, expect, test } from "./support/test";

/** Runs the daily job now, as the scheduler would at 08:00 (the dev route, loopback only). */
async function runBirthdayJob(server: AppServer) {
  const res = await fetch(`${server.baseUrl}/dev/jobs/birthday-gifts`, {
    method: "POST",
    headers: { origin: server.baseUrl },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

test.describe("birthday gifts", () => {
  test("a member whose birthday is today gets the rule's stamps and one e-mail, once", async ({
    accounts,
    mail,
    server,
  }) => {
    const company = await accounts.company({
      companyName: "Padaria Aurora",
      email: "padaria@example.com",
    });
    const panelContext = await accounts.signedIn(company);
    const panel = await panelContext.newPage();
    await panel.goto("/dashboard");
    const link = (await panel.getByTestId("join-link").textContent()) ?? "";
    const companyId = new URL(link).searchParams.get("empresa_id") ?? "";

    // born today (São Paulo), thirty years ago
    const today = saoPauloDate();
    const ana = await accounts.customer({
      name: "Ana Aniversariante",
      email: "ana@example.com",
      city: "Santos",
      birthDate: `${Number(today.slice(0, 4)) - 30}${today.slice(4)}`,
      origin: { empresa_id: companyId, origem: "qrcode_empresa" },
    });

    await panel.reload();
    const birthdays = panel.getByRole("region", { name: "Aniversários Hoje" });
    await birthdays.getByText("Ana Aniversariante").waitFor();
    expect(await birthdays.getByText("Presente de aniversário enviado").count()).toBe(0);

    await runBirthdayJob(server);
    await runBirthdayJob(server);

    // the panel marks who got the gift
    await panel.reload();
    await birthdays.getByText("Presente de aniversário enviado").waitFor();

    // the customer sees the birthday stamps (3 by default)
    const phoneContext = await accounts.signedIn(ana, { viewport: { width: 360, height: 780 } });
    const phone = await phoneContext.newPage();
    await phone.goto("/dashboard-cliente");
    // in the card history, and the company's birthday message among the companies' answers
    await phone.getByText("3/10 · Cartão Fidelidade").waitFor();
    await phone.getByText("Feliz aniversário! Você ganhou 3 carimbos de Padaria Aurora").waitFor();
    expect(await phone.getByText(/Você ganhou 3 carimbos/).count()).toBe(1);

    // one birthday e-mail, however many times the job ran
    await expect.poll(() => mail.mails.filter((m) => m.to === ana.email).length).toBe(2); // the confirmation, then the gift
    const gift = mail.mails.filter((m) => m.to === ana.email)[1];
    expect(gift?.subject).toMatch(/aniversário/i);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mail.mails.filter((m) => m.to === ana.email)).toHaveLength(2);
    await panelContext.close();
    await phoneContext.close();
  });
});
