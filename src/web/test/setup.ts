/**
 * Setup of the web's component tests (`*.test.tsx`, each in happy-dom): a fake `fetch` (no test
 * reaches a server; `mockApi` answers), the app's texts in pt-BR, and after each test the DOM
 * emptied, the fake API and the mocks dropped and the storage cleared. Every test file loads it
 * (vitest.config.ts); in node (the server's and the other `*.test.ts` files) it does nothing and
 * imports nothing.
 */
import { afterEach, beforeAll, vi } from "vitest";

if (typeof document !== "undefined") {
  // First, before anything keeps a reference to `fetch`.
  const { installFakeFetch, setFakeApi } = await import("./fake-fetch");
  installFakeFetch();
  const [{ cleanup }, { i18n, loadNamespaces }] = await Promise.all([
    import("@testing-library/react"),
    import("@/web/lib/i18n"),
  ]);

  beforeAll(async () => {
    await i18n.changeLanguage("pt-BR");
    await loadNamespaces(["errors", "validation", "auth", "cards", "settings", "stamps"]);
  });

  afterEach(() => {
    cleanup();
    setFakeApi(undefined);
    vi.restoreAllMocks();
    localStorage.clear();
  });
}
