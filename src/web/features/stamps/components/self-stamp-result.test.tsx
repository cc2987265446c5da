// @vitest-environment happy-dom
import type { SelfStampResult } from "@shared/stamps.schema";
import { screen } from "@testing-library/react";
import { StrictMode } from "react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { SelfStampResultView } from "./self-stamp-result";

const RESULT: SelfStampResult = {
  added: 1,
  card: {
    id: "card-1",
    companyId: "cafe",
    companyName: "Café Aurora",
    stamps: 4,
    maxStamps: 10,
    status: "active",
  },
};

const render = (token: string | null) =>
  renderWithApp(
    <StrictMode>
      <MemoryRouter>
        <SelfStampResultView token={token} />
      </MemoryRouter>
    </StrictMode>,
  );

describe("/carimbar", () => {
  it("sends the scanned code once and shows the stamp with the card's count and a link to it", async () => {
    const calls = mockApi({ "POST /api/me/self-stamps": { status: 201, body: RESULT } });
    render("cafe.123.abc");
    expect(await screen.findByText("Carimbo recebido!")).toBeTruthy();
    expect(screen.getByText("Você tem 4 de 10 carimbos em Café Aurora.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver meu cartão" }).getAttribute("href")).toBe(
      "/dashboard-cliente-cartao-fidelidade/cafe",
    );
    const posts = calls.filter((c) => c.method === "POST");
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ token: "cafe.123.abc" });
  });

  it("says an expired code in the customer's words, and the interval's next time", async () => {
    mockApi({ "POST /api/me/self-stamps": apiError(410, "counter_code_expired") });
    render("cafe.1.abc");
    expect(
      await screen.findByText("Código expirado. Leia de novo o QR code da tela do balcão."),
    ).toBeTruthy();

    mockApi({
      "POST /api/me/self-stamps": apiError(409, "stamp_too_soon", {
        at: new Date(2030, 0, 2, 14, 5).toISOString(),
      }),
    });
    render("cafe.2.abc");
    expect(
      await screen.findByText(
        "Este cartão recebeu um carimbo há pouco. Próximo carimbo a partir de 02/01/2030 - 14:05.",
      ),
    ).toBeTruthy();
  });

  it("without a code asks to scan the counter's QR code and sends nothing", async () => {
    const calls = mockApi({});
    render(null);
    expect(
      await screen.findByText("Leia o QR code da tela do balcão para ganhar seu carimbo."),
    ).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
