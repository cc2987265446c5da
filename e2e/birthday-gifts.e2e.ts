import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saoPauloDate } from "../src/shared/dates";
import { startAppServer } from "./support/app-server";
import { launchBrowser } from "./support/browser";
import { confirmedAccount, signInContext } from "./support/fixtures";
import { startMailServer } from "./support/mail-server";

let mail: Awaited<ReturnType<typeof startMailServer>>;
let server: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;

const company = {
  companyName: "Padaria Aurora",
  email: "padaria@example.com",
  password: "segredo1",
  city: "São Paulo",
  state: "SP",
  phone: "(11) 3333-4444",
  sector: "alimentacao",
};

beforeAll(async () => {
  mail = await startMailServer();
  server = await startAppServer({ smtpUrl: mail.url });
  browser = await launchBrowser();
  await confirmedAccount(server, mail, "company", company);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mail?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;

/** Runs the daily job now, as the scheduler would at 08:00 (the dev route, loopback only). */
async function runBirthdayJob() {
  const res = await fetch(url("/dev/jobs/birthday-gifts"), {
    method: "POST",
    headers: { origin: server.baseUrl },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

describe("birthday gifts", () => {
  it("a member whose birthday is today gets the rule's stamps and one e-mail, once", async () => {
    const panelContext = await browser.newContext();
    await signInContext(panelContext, server, company.email, company.password);
    const panel = await panelContext.newPage();
    await panel.goto(url("/dashboard"));
    const link = (await panel.getByTestId("join-link").textContent()) ?? "";
    const companyId = new URL(link).searchParams.get("empresa_id") ?? "";

    // born today (São Paulo), thirty years ago
    const today = saoPauloDate();
    await confirmedAccount(server, mail, "customer", {
      name: "Ana Aniversariante",
      email: "ana@example.com",
      password: "segredo1",
      city: "Santos",
      state: "SP",
      phone: "",
      birthDate: `${Number(today.slice(0, 4)) - 30}${today.slice(4)}`,
      origin: { empresa_id: companyId, origem: "qrcode_empresa" },
    });

    await panel.reload();
    const birthdays = panel.getByRole("region", { name: "Aniversários Hoje" });
    await birthdays.getByText("Ana Aniversariante").waitFor();
    expect(await birthdays.getByText("Presente de aniversário enviado").count()).toBe(0);

    await runBirthdayJob();
    await runBirthdayJob();

    // the panel marks who got the gift
    await panel.reload();
    await birthdays.getByText("Presente de aniversário enviado").waitFor();

    // the customer sees the birthday stamps (3 by default)
    const phoneContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
    await signInContext(phoneContext, server, "ana@example.com", "segredo1");
    const phone = await phoneContext.newPage();
    await phone.goto(url("/dashboard-cliente"));
    // in the card history, and the company's birthday message among the companies' answers
    await phone.getByText("3/10 · Cartão Fidelidade").waitFor();
    await phone.getByText("Feliz aniversário! Você ganhou 3 carimbos de Padaria Aurora").waitFor();
    expect(await phone.getByText(/Você ganhou 3 carimbos/).count()).toBe(1);

    // one birthday e-mail, however many times the job ran
    await expect.poll(() => mail.mails.filter((m) => m.to === "ana@example.com").length).toBe(2); // the confirmation, then the gift
    const gift = mail.mails.filter((m) => m.to === "ana@example.com")[1];
    expect(gift?.subject).toMatch(/aniversário/i);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mail.mails.filter((m) => m.to === "ana@example.com")).toHaveLength(2);
  }, 90_000);
});
