// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Link, NavLink, NavProvider } from "./nav";

afterEach(cleanup);

describe("the customer area's links without react-router (decision 043)", () => {
  it("inside the app, a plain click is the router's navigation; a new-tab click is the browser's", () => {
    const navigate = vi.fn();
    render(
      <NavProvider value={{ navigate, pathname: "/dashboard-cliente" }}>
        <Link to="/dashboard-cliente/meus-dados">Meus dados</Link>
      </NavProvider>,
    );
    const link = screen.getByRole("link", { name: "Meus dados" });
    expect(link.getAttribute("href")).toBe("/dashboard-cliente/meus-dados");
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    expect(fireEvent.click(link)).toBe(false);
    expect(navigate).toHaveBeenCalledWith("/dashboard-cliente/meus-dados");
  });

  it("without the app's router (the light entry), a click loads the page", () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    render(<Link to="/dashboard-cliente-cartoes-fidelidade">Meus cartões</Link>);
    fireEvent.click(screen.getByRole("link", { name: "Meus cartões" }));
    expect(assign).toHaveBeenCalledWith("/dashboard-cliente-cartoes-fidelidade");
    assign.mockRestore();
  });

  it("marks the current page, exactly with `end`, else with the paths under it", () => {
    render(
      <NavProvider value={{ navigate: vi.fn(), pathname: "/dashboard-cliente/meus-dados" }}>
        <NavLink
          to="/dashboard-cliente"
          end
          className={({ isActive }) => (isActive ? "on" : "off")}
        >
          Meu painel
        </NavLink>
        <NavLink to="/dashboard-cliente">Área</NavLink>
      </NavProvider>,
    );
    const home = screen.getByRole("link", { name: "Meu painel" });
    expect(home.className).toBe("off");
    expect(home.getAttribute("aria-current")).toBeNull();
    expect(screen.getByRole("link", { name: "Área" }).getAttribute("aria-current")).toBe("page");
  });
});
