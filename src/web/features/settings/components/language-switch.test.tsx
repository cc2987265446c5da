// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { LanguageSwitcher } from "@/web/components/language-switcher";
import { i18n, loadNamespaces } from "@/web/lib/i18n";
import { mockApi, renderWithApp } from "@/web/test/render";
import { useSwitchLanguage } from "./appearance-section";

/** The panel header's switch as the signed-in areas compose it. */
function HeaderSwitch() {
  return <LanguageSwitcher onSwitch={useSwitchLanguage()} />;
}

describe("the header's language switch in a signed-in area", () => {
  beforeAll(() => loadNamespaces(["common"]));
  afterEach(() => i18n.changeLanguage("pt-BR"));

  it("keeps 'English' for the user on the server, as Settings → Idioma does", async () => {
    const calls = mockApi({ "PUT /api/me/appearance": (body) => ({ body }) });
    const { user } = renderWithApp(<HeaderSwitch />);
    await user.click(screen.getByRole("button", { name: "English" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      theme: "light",
      language: "en",
    });
    expect(localStorage.getItem("app-language")).toBe("en");
    expect(await screen.findByRole("button", { name: "Português" })).toBeTruthy();
  });
});
