import { describe, expect, it } from "vitest";
import { birthdayContent } from "./birthday-email";

const gift = {
  name: "Ana",
  companyName: "Café <Aurora> & Cia",
  stamps: 2,
  message: "Parabéns!\n\nPasse aqui:  <b>café</b> por nossa conta.",
  language: "pt" as const,
  url: "https://app.example.com/dashboard-cliente-cartao-fidelidade/c1?a=1&b=2",
};

describe("an e-mail's two parts", () => {
  const mail = birthdayContent(gift);

  it("text: what the company wrote as written, the link alone on its line", () => {
    expect(mail.text).toBe(
      [
        "Olá, Ana!",
        "",
        "Feliz aniversário! Café <Aurora> & Cia deu a você 2 carimbos de presente no seu cartão fidelidade.",
        "",
        "Mensagem de Café <Aurora> & Cia:",
        "Parabéns!",
        "",
        "Passe aqui:  <b>café</b> por nossa conta.",
        "",
        gift.url,
        "",
        "Equipe Carimbou",
      ].join("\n"),
    );
  });

  it("HTML: in the person's language, what the company wrote as text (never markup), a button", () => {
    expect(mail.html).toMatch(/^<!DOCTYPE html /);
    expect(mail.html).toContain('<html lang="pt-BR">');
    expect(mail.html).toContain("Café &lt;Aurora&gt; &amp; Cia");
    expect(mail.html).not.toContain("<b>café</b>");
    expect(mail.html).toContain(
      'href="https://app.example.com/dashboard-cliente-cartao-fidelidade/c1?a=1&amp;b=2"',
    );
    expect(mail.html).toContain("Ver meu cartão");
  });
});
