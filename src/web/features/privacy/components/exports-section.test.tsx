// @vitest-environment happy-dom
import type { PersonalExport } from "@shared/privacy.schema";
import { useQuery } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import { format } from "date-fns";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { myPrivacyQueryOptions } from "../api";
import { ExportList, ExportsSection } from "./exports-section";
import { myPrivacy } from "./test-data";

beforeAll(() => loadNamespaces(["privacy"]));

const NOW = new Date("2026-06-01T12:00:00.000Z");
const item = (overrides: Partial<PersonalExport>): PersonalExport => ({
  id: "e1",
  state: "pending",
  createdAt: "2026-06-01T11:00:00.000Z",
  expiresAt: null,
  size: null,
  ...overrides,
});

/** 'Baixar meus dados' as the page shows it, from GET /api/me/privacy. */
function Downloads() {
  const privacy = useQuery(myPrivacyQueryOptions());
  return privacy.data ? (
    <ExportsSection exports={privacy.data.exports} leftToday={privacy.data.exportsLeftToday} />
  ) : null;
}

describe("the downloads of 'Baixar meus dados'", () => {
  it("shows each state: preparing, ready with its link and time, failed, expired", () => {
    const readyUntil = "2026-06-02T10:45:00.000Z";
    renderWithApp(
      <ExportList
        now={NOW}
        exports={[
          item({ id: "p", state: "pending" }),
          item({ id: "r", state: "ready", expiresAt: readyUntil, size: 2048 }),
          item({ id: "f", state: "failed" }),
          item({ id: "x", state: "ready", expiresAt: "2026-06-01T09:00:00.000Z", size: 10 }),
        ]}
      />,
    );
    const [pending, ready, failed, expired] = screen.getAllByRole("listitem");
    expect(within(pending!).getByText("Preparando…")).toBeTruthy();
    expect(within(pending!).queryByRole("link")).toBeNull();

    const link = within(ready!).getByRole("link", { name: "Baixar arquivo" });
    expect(link.getAttribute("href")).toBe("/api/me/privacy/exports/r/download");
    expect(link.hasAttribute("download")).toBe(true);
    expect(
      within(ready!).getByText(
        new RegExp(`disponível até ${format(new Date(readyUntil), "dd/MM HH:mm")}`),
      ),
    ).toBeTruthy();

    expect(within(failed!).getByText("Falhou")).toBeTruthy();
    expect(within(failed!).queryByRole("link")).toBeNull();
    expect(within(expired!).getByText("Expirado")).toBeTruthy();
    expect(within(expired!).queryByRole("link")).toBeNull();
  });

  it("asks for a copy, lists it as preparing and counts one fewer left today", async () => {
    let asked = false;
    const calls = mockApi({
      "GET /api/me/privacy": () => ({
        body: myPrivacy(
          asked
            ? { exports: [item({ state: "pending" })], exportsLeftToday: 2 }
            : { exportsLeftToday: 3 },
        ),
      }),
      "POST /api/me/privacy/exports": () => {
        asked = true;
        return { status: 202, body: item({ state: "pending" }) };
      },
    });
    const { user } = renderWithApp(<Downloads />);
    expect(await screen.findByText("Você ainda pode pedir 3 cópias hoje.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Baixar meus dados" }));
    expect(await screen.findByText("Preparando…")).toBeTruthy();
    expect(screen.getByText("Você ainda pode pedir 2 cópias hoje.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
  });

  it("says the daily limit in words when the server refuses (429)", async () => {
    mockApi({
      "GET /api/me/privacy": { body: myPrivacy({ exportsLeftToday: 1 }) },
      "POST /api/me/privacy/exports": apiError(429, "export_limit_reached"),
    });
    const { user } = renderWithApp(<Downloads />);
    await user.click(await screen.findByRole("button", { name: "Baixar meus dados" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Você já pediu 3 cópias dos seus dados hoje. Tente de novo amanhã.",
    );
  });

  it("turns the button off once none is left today", async () => {
    mockApi({ "GET /api/me/privacy": { body: myPrivacy({ exportsLeftToday: 0 }) } });
    renderWithApp(<Downloads />);
    expect(
      await screen.findByText("Você já pediu 3 cópias hoje. Tente de novo amanhã."),
    ).toBeTruthy();
    expect(
      (screen.getByRole("button", { name: "Baixar meus dados" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
