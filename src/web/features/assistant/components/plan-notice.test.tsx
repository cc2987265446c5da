// @vitest-environment happy-dom
import type { WhatsAppChannel } from "@shared/assistant-channels";
import { screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { ChannelInboxPanel } from "./channel-inbox";
import { ChannelSection } from "./channel-section";

/**
 * /ia-suprema on a plan without the assistant (decision 027): messages received are kept but not
 * answered, and saving a channel is refused; the page says so, with the way to /plano.
 */

beforeAll(() => loadNamespaces(["assistant", "errors"]));

const WHATSAPP: WhatsAppChannel = {
  configured: true,
  phoneNumberId: "1098765432101",
  accessTokenSet: true,
  appSecretSet: true,
  verifyTokenSet: true,
  templateName: "",
  templateLanguage: "pt_BR",
  webhookUrl: "https://app.test/api/whatsapp/webhook/c1",
};
const INBOX_NOTICE =
  "Mensagens recebidas ficam guardadas, mas a IA não responde: seu plano não inclui IA Suprema.";

describe("/ia-suprema without the plan", () => {
  it("the inbox says messages are kept unanswered, with a link to /plano, and asks nothing", async () => {
    const calls = mockApi({ "GET /api/assistant/whatsapp": { body: WHATSAPP } });
    renderWithApp(
      <MemoryRouter>
        <ChannelInboxPanel channel="whatsapp" available={false} />
      </MemoryRouter>,
    );
    const notice = await screen.findByTestId("assistant-plan-notice");
    within(notice).getByText(INBOX_NOTICE);
    expect(within(notice).getByRole("link", { name: "Ver planos" })).toHaveProperty(
      "href",
      expect.stringMatching(/\/plano$/),
    );
    expect(calls.some((c) => c.path === "/api/assistant/whatsapp/inbox")).toBe(false);
  });

  it("an inbox refused for the plan shows the same notice, not a loading error", async () => {
    mockApi({
      "GET /api/assistant/whatsapp": { body: WHATSAPP },
      "GET /api/assistant/whatsapp/inbox": apiError(403, "assistant_plan_required"),
    });
    renderWithApp(
      <MemoryRouter>
        <ChannelInboxPanel channel="whatsapp" />
      </MemoryRouter>,
    );
    expect(await screen.findByText(INBOX_NOTICE)).toBeTruthy();
    expect(screen.queryByText("Não foi possível carregar as conversas do WhatsApp.")).toBeNull();
  });

  it("saving a channel: the step says the plan is needed, and a refusal names it", async () => {
    mockApi({
      "GET /api/assistant/whatsapp": { body: WHATSAPP },
      "PUT /api/assistant/whatsapp": apiError(403, "assistant_plan_required"),
    });
    const { user } = renderWithApp(
      <MemoryRouter>
        <ChannelSection channel="whatsapp" available={false} />
      </MemoryRouter>,
    );
    const save = await screen.findByRole("button", { name: "Salvar WhatsApp" });
    const note = screen.getByTestId("assistant-plan-notice");
    within(note).getByText(
      "Salvar o canal exige o plano Supremo com IA: seu plano atual não inclui IA Suprema.",
    );
    expect(save.getAttribute("aria-describedby")).toBe(note.id);
    await user.click(save);
    expect(
      await screen.findByText("Canal não salvo: seu plano não inclui IA Suprema"),
    ).toBeTruthy();
    expect(screen.queryByText("Erro ao salvar o WhatsApp")).toBeNull();
  });
});
