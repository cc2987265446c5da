// @vitest-environment happy-dom
import type { InstagramChannel, WhatsAppChannel } from "@shared/assistant-channels";
import { screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { ChannelSection } from "./channel-section";

/**
 * One card for every messaging channel (decision 024): the same form, with what each channel
 * asks for (WhatsApp's phone number id and approved template, Instagram's account id).
 */

beforeAll(() => loadNamespaces(["assistant"]));

const WHATSAPP: WhatsAppChannel = {
  configured: true,
  phoneNumberId: "1098765432101",
  accessTokenSet: true,
  appSecretSet: true,
  verifyTokenSet: true,
  templateName: "retomar_conversa",
  templateLanguage: "pt_BR",
  webhookUrl: "https://app.test/api/whatsapp/webhook/c1",
};
const INSTAGRAM: InstagramChannel = {
  configured: false,
  accountId: "",
  accessTokenSet: false,
  appSecretSet: false,
  verifyTokenSet: false,
  webhookUrl: "https://app.test/api/instagram/webhook/c1",
};

describe("a messaging channel's card on /ia-suprema", () => {
  it("shows WhatsApp's saved values, its template, and never a secret", async () => {
    mockApi({ "GET /api/assistant/whatsapp": { body: WHATSAPP } });
    renderWithApp(<ChannelSection channel="whatsapp" />);
    expect(
      await screen.findByText("Conectado: o assistente responde também pelo WhatsApp."),
    ).toBeTruthy();
    expect(screen.getByLabelText("ID do número de telefone")).toHaveProperty(
      "value",
      "1098765432101",
    );
    expect(screen.getByLabelText("Modelo aprovado (opcional)")).toHaveProperty(
      "value",
      "retomar_conversa",
    );
    expect(screen.getByLabelText("Idioma do modelo")).toHaveProperty("value", "pt_BR");
    // The two secrets typed in steps 3 and 4; the verify token (step 6) is never read back.
    expect(screen.getAllByText("configurado")).toHaveLength(2);
    expect(screen.getByText("Salvo (o mesmo que você colou na Meta)")).toBeTruthy();
    expect(screen.getByTestId("whatsapp-webhook-url").textContent).toBe(WHATSAPP.webhookUrl);
    expect(screen.getByRole("button", { name: "Remover" })).toBeTruthy();
  });

  it("asks Instagram for its account id only, and shows the server's refusal on the field", async () => {
    const calls = mockApi({
      "GET /api/assistant/instagram": { body: INSTAGRAM },
      "PUT /api/assistant/instagram": apiError(400, "validation_failed", {
        accountId: "instagram_account_id_taken",
      }),
    });
    const { user } = renderWithApp(<ChannelSection channel="instagram" />);
    await user.type(
      await screen.findByLabelText("ID da conta do Instagram"),
      " 17841400000000001 ",
    );
    expect(screen.queryByLabelText("Modelo aprovado (opcional)")).toBeNull();
    expect(screen.queryByRole("button", { name: "Remover" })).toBeNull();
    await user.type(screen.getByLabelText("Token de acesso"), "IGAA-token");
    await user.type(screen.getByLabelText("Chave secreta do aplicativo"), "app-secret");
    // The verify token for Meta's webhook is made on the page, shown to copy, and saved.
    const verify = screen.getByTestId("verify-token").textContent ?? "";
    expect(verify).toMatch(/^[0-9a-f]{32}$/);
    await user.click(screen.getByRole("button", { name: "Salvar Instagram" }));
    expect(await screen.findByText("Esta conta já está conectada a outra empresa.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      accountId: "17841400000000001",
      accessToken: "IGAA-token",
      appSecret: "app-secret",
      verifyToken: verify,
    });
  });

  it("guides step by step, with the webhook URL and verify token to copy", async () => {
    mockApi({ "GET /api/assistant/whatsapp": { body: { ...WHATSAPP, verifyTokenSet: false } } });
    const { user } = renderWithApp(<ChannelSection channel="whatsapp" />);
    const steps = await screen.findByRole("list", { name: "Passo a passo" });
    expect(steps.querySelectorAll(":scope > li")).toHaveLength(6);
    expect(
      screen.getByRole("heading", { name: "2. Copie o ID do número de telefone" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Abrir o painel da Meta" })).toHaveProperty(
      "href",
      "https://developers.facebook.com/apps",
    );
    const written: string[] = [];
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: { writeText: async (text: string) => void written.push(text) },
    });
    await user.click(screen.getByRole("button", { name: "Copiar URL de callback" }));
    await user.click(screen.getByRole("button", { name: "Copiar Token de verificação" }));
    expect(written).toEqual([WHATSAPP.webhookUrl, screen.getByTestId("verify-token").textContent]);
    expect(await screen.findByText("Token de verificação copiado")).toBeTruthy();
  });

  it("'Testar conexão' says plainly what Meta answered", async () => {
    const answers = [
      { ok: false, problem: "token_expired", account: null, name: null, detail: null },
      { ok: true, problem: null, account: "+55 11 3000-0000", name: "Café do Ponto", detail: null },
    ];
    const calls = mockApi({
      "GET /api/assistant/whatsapp": { body: WHATSAPP },
      "POST /api/assistant/whatsapp/connection-test": () => ({ body: answers.shift() }),
    });
    const { user } = renderWithApp(<ChannelSection channel="whatsapp" />);
    await user.type(await screen.findByLabelText(/^Token de acesso/), "EAA-old");
    await user.click(screen.getByRole("button", { name: "Testar conexão" }));
    expect(
      await screen.findByText(
        "Este token de acesso expirou. Gere um token permanente, com validade 'Nunca' (passo 3).",
      ),
    ).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ nodeId: "1098765432101", accessToken: "EAA-old" });
    await user.click(screen.getByRole("button", { name: "Testar conexão" }));
    expect(
      await screen.findByText("Conexão funcionando: +55 11 3000-0000 · Café do Ponto."),
    ).toBeTruthy();
    // Nothing saved by a test.
    expect(calls.some((c) => c.method === "PUT")).toBe(false);
  });
});
