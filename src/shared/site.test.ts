import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { APP_PATHS, notFoundLanguage, resolvePath, SITE_PATHS } from "./site";

describe("which page a path shows", () => {
  it("knows the public site's pages, with or without a trailing slash", () => {
    expect(resolvePath("/")).toEqual({ kind: "site", page: "home" });
    expect(resolvePath("/lp-empresa")).toEqual({ kind: "site", page: "companyLanding" });
    expect(resolvePath("/ajuda/")).toEqual({ kind: "site", page: "help" });
  });

  it("sends the app's paths, with their parameters, to the app", () => {
    expect(resolvePath("/dashboard-en")).toEqual({ kind: "app" });
    expect(resolvePath("/dashboard-cliente-cartao-fidelidade/3f1c")).toEqual({ kind: "app" });
    expect(resolvePath("/dashboard-cliente-cartao-fidelidade/a/b").kind).toBe("site");
  });

  it("shows the 404 page for anything else, in English when the path contains -en", () => {
    expect(resolvePath("/lp-empresas")).toEqual({ kind: "site", page: "notFound" });
    expect(resolvePath("/dashboardx")).toEqual({ kind: "site", page: "notFound" });
    expect(notFoundLanguage("/pagina-en")).toBe("en");
    expect(notFoundLanguage("/pagina")).toBe("pt-BR");
  });

  it("lists exactly the routes of the app's router (src/web/router.tsx)", () => {
    const router = readFileSync(new URL("../web/router.tsx", import.meta.url), "utf8");
    const routerPaths = [...router.matchAll(/(?:path: |\[)"(\/[^"]*)"/g)].map((m) => m[1]);
    expect(new Set(routerPaths)).toEqual(new Set(APP_PATHS));
    for (const path of Object.keys(SITE_PATHS)) expect(routerPaths).not.toContain(path);
  });
});
