// @vitest-environment happy-dom
import { useQuery } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import { format } from "date-fns";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { apiError, mockApi, renderWithApp } from "@/web/test/render";
import { myPrivacyQueryOptions } from "../api";
import { DeletionSection } from "./deletion-section";
import { myPrivacy } from "./test-data";

beforeAll(() => loadNamespaces(["privacy"]));

/** The danger zone as the page shows it, from GET /api/me/privacy. */
function Danger() {
  const privacy = useQuery(myPrivacyQueryOptions());
  return privacy.data ? <DeletionSection deletion={privacy.data.deletion} /> : null;
}

const DUE = "2026-06-08T17:30:00.000Z";
const pendingText = `Sua conta será excluída em ${format(new Date(DUE), "dd/MM/yyyy")} às ${format(new Date(DUE), "HH:mm")}.`;

describe("'Excluir minha conta'", () => {
  it("keeps the dialog open with the wrong password's message on the field", async () => {
    const calls = mockApi({
      "GET /api/me/privacy": { body: myPrivacy() },
      "POST /api/me/privacy/deletion": apiError(401, "wrong_password"),
    });
    const { user } = renderWithApp(<Danger />);
    await user.click(await screen.findByRole("button", { name: "Excluir minha conta" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir sua conta?" });
    expect(within(dialog).getByText(/Depois de 7 dias, apagamos seu perfil/)).toBeTruthy();
    expect(within(dialog).getByText(/Durante esses 7 dias, você pode cancelar/)).toBeTruthy();

    await user.type(within(dialog).getByLabelText("Sua senha"), "errada123");
    await user.click(within(dialog).getByRole("button", { name: "Confirmar exclusão" }));
    const field = within(dialog).getByLabelText("Sua senha");
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(within(dialog).getByText("A senha atual está incorreta.")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ password: "errada123" });
    expect(screen.queryByText(pendingText)).toBeNull();
  });

  it("asks for the password before calling the server", async () => {
    const calls = mockApi({ "GET /api/me/privacy": { body: myPrivacy() } });
    const { user } = renderWithApp(<Danger />);
    await user.click(await screen.findByRole("button", { name: "Excluir minha conta" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Confirmar exclusão" }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("Sua senha").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(0);
  });

  it("shows the pending deletion's date and cancels it", async () => {
    let deletion: { id: string; requestedAt: string; dueAt: string } | null = null;
    const calls = mockApi({
      "GET /api/me/privacy": () => ({ body: myPrivacy({ deletion }) }),
      "POST /api/me/privacy/deletion": () => {
        deletion = { id: "d1", requestedAt: "2026-06-01T17:30:00.000Z", dueAt: DUE };
        return { status: 202, body: deletion };
      },
      "DELETE /api/me/privacy/deletion": () => {
        deletion = null;
        return { body: { ok: true } };
      },
    });
    const { user } = renderWithApp(<Danger />);
    await user.click(await screen.findByRole("button", { name: "Excluir minha conta" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Sua senha"), "segredo1");
    await user.click(within(dialog).getByRole("button", { name: "Confirmar exclusão" }));

    expect(await screen.findByText(pendingText)).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Cancelar exclusão" }));
    expect(await screen.findByRole("button", { name: "Excluir minha conta" })).toBeTruthy();
    expect(screen.queryByText(pendingText)).toBeNull();
    expect(calls.some((c) => c.method === "DELETE")).toBe(true);
  });
});
