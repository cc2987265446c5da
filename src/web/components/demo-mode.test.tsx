// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import { toast } from "sonner";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { renderWithApp } from "@/web/test/render";
import { demoAwareErrorToast } from "./demo-mode";

describe("a refused save in the demo", () => {
  beforeAll(() => loadNamespaces(["layout"]));

  it("shows a neutral notice instead of a form's red 'Erro'", async () => {
    renderWithApp(<p>demo</p>);
    const errorToast = demoAwareErrorToast(toast.error);
    errorToast("Erro", { description: "Salvamento desabilitado no modo debug." });
    const notice = await screen.findByText("Salvamento desabilitado no modo debug.");
    const item = notice.closest("[data-sonner-toast]");
    expect(item).toBeTruthy();
    expect(item?.getAttribute("data-type")).not.toBe("error");
    expect(screen.queryByText("Erro")).toBeNull();
    expect(
      screen.getByText(
        "Você está vendo o Café Demonstração, um exemplo: para salvar de verdade, entre com a sua empresa.",
      ),
    ).toBeTruthy();
  });

  it("leaves any other error as it is", async () => {
    renderWithApp(<p>demo</p>);
    demoAwareErrorToast(toast.error)("Erro", { description: "Não foi possível salvar." });
    const other = await screen.findByText("Não foi possível salvar.");
    expect(other.closest("[data-sonner-toast]")?.getAttribute("data-type")).toBe("error");
  });
});
