// @vitest-environment happy-dom
import type { ApiKey, CreatedApiKey } from "@shared/integrations.schema";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { ApiKeys } from "./api-keys";

const SECRET = "cb_live_s3cr3tS3cr3tS3cr3tS3cr3tS3cr3tAbCd";

const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: "key-1",
  name: "PDV do balcão",
  mode: "live",
  scopes: ["stamps:write", "members:read"],
  hint: "cb_live_s3cr…AbCd",
  createdAt: "2026-03-02T12:00:00.000Z",
  lastUsedAt: null,
  requestCount: 0,
  revokedAt: null,
  expiresAt: null,
  ...over,
});

describe("'Chaves de API'", () => {
  beforeAll(() => loadNamespaces(["integrations"]));

  it("checks the form before sending: a name and at least one scope", async () => {
    const calls = mockApi({ "GET /api/integrations/keys": { body: [] } });
    const { user } = renderWithApp(<ApiKeys />);
    expect(await screen.findByText(/Nenhuma chave ainda/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Criar chave" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Criar chave" }));
    await user.click(dialog.getByRole("button", { name: "Criar chave" }));
    expect(await dialog.findByText("Nome é obrigatório")).toBeTruthy();
    expect(dialog.getByText("Escolha pelo menos uma permissão")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
    // Test mode is the default: a till is tried on test data first.
    expect(dialog.getByRole("radio", { name: /Teste/ })).toHaveProperty("checked", true);
  });

  it("shows the secret once: after 'Já copiei, fechar' only the hint is on the page", async () => {
    let created = false;
    const created_: CreatedApiKey = { key: key(), secret: SECRET };
    const calls = mockApi({
      "GET /api/integrations/keys": () => ({ body: created ? [key()] : [] }),
      "POST /api/integrations/keys": () => {
        created = true;
        return { status: 201, body: created_ };
      },
    });
    const { user } = renderWithApp(<ApiKeys />);
    await user.click(await screen.findByRole("button", { name: "Criar chave" }));
    const form = within(await screen.findByRole("dialog", { name: "Criar chave" }));
    await user.type(form.getByLabelText("Nome"), "PDV do balcão");
    await user.click(form.getByRole("checkbox", { name: /Dar carimbos/ }));
    await user.click(form.getByRole("checkbox", { name: /Consultar clientes/ }));
    await user.click(form.getByRole("radio", { name: /Produção/ }));
    await user.click(form.getByRole("button", { name: "Criar chave" }));

    const shown = within(await screen.findByRole("dialog", { name: "Copie a sua chave agora" }));
    expect(shown.getByText(/única vez que a chave aparece/)).toBeTruthy();
    expect(shown.getByLabelText("Chave de API “PDV do balcão”")).toHaveProperty("value", SECRET);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "PDV do balcão",
      scopes: ["members:read", "stamps:write"],
      mode: "live",
    });

    await user.click(shown.getByRole("button", { name: "Já copiei, fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByText("cb_live_s3cr…AbCd")).toBeTruthy();
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it("shows a refusal of the API in words (20 keys at most)", async () => {
    mockApi({
      "GET /api/integrations/keys": { body: [] },
      "POST /api/integrations/keys": apiError(409, "api_keys_limited"),
    });
    const { user } = renderWithApp(<ApiKeys />);
    await user.click(await screen.findByRole("button", { name: "Criar chave" }));
    const form = within(await screen.findByRole("dialog", { name: "Criar chave" }));
    await user.type(form.getByLabelText("Nome"), "Outra");
    await user.click(form.getByRole("checkbox", { name: /Dar carimbos/ }));
    await user.click(form.getByRole("button", { name: "Criar chave" }));
    expect((await form.findByRole("alert")).textContent).not.toBe("api_keys_limited");
  });

  it("rotates a key keeping the old one for 24 hours and shows the new secret once", async () => {
    const calls = mockApi({
      "GET /api/integrations/keys": { body: [key({ requestCount: 3 })] },
      "POST /api/integrations/keys/key-1/rotate": {
        status: 201,
        body: { key: key({ id: "key-2" }), secret: `${SECRET}2` },
      },
    });
    const { user } = renderWithApp(<ApiKeys />);
    expect(await screen.findByText(/3 chamadas/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Girar" }));
    const confirm = within(await screen.findByRole("alertdialog"));
    await user.click(
      confirm.getByRole("checkbox", { name: "Manter a chave antiga funcionando por 24 horas" }),
    );
    await user.click(confirm.getByRole("button", { name: "Girar chave" }));
    const shown = within(await screen.findByRole("dialog", { name: "Copie a nova chave agora" }));
    expect(shown.getByLabelText(/Chave de API/)).toHaveProperty("value", `${SECRET}2`);
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ keepOld: true });
  });
});
