import { createContext, useContext } from "react";

/**
 * Demo mode (spec sections 2 and 6, decision 014): `?debug=true` on these pages shows the demo
 * café's data, read from the server, with a banner; every save is refused by the server.
 */
export const DEMO_PATHS: readonly string[] = [
  "/dashboard",
  "/dashboard-en",
  "/clientes",
  "/cartoes",
  "/mensagens",
  "/relatorios",
  "/dados-empresa",
];
/** The query parameter that turns it on (`true`) or off (`false`). */
export const DEMO_PARAM = "debug";
/** For a link the browser opens itself (a file download): the API's `?demo=1`. */
export const DEMO_API_PARAM = "demo";

export const isDemoPath = (pathname: string) => DEMO_PATHS.includes(pathname);

/** Router state of a link that leaves demo mode and stays on the page (the banner's). */
export const LEAVE_DEMO_STATE = { leaveDemo: true } as const;

/** A URL of the API with `?demo=1` while demo mode is on (for `<a href download>` links). */
export const demoApiUrl = (url: string, demo: boolean) =>
  demo ? `${url}${url.includes("?") ? "&" : "?"}${DEMO_API_PARAM}=1` : url;

export const DemoModeContext = createContext(false);

/** True while the page shows the demo café (its data comes from the demo; nothing is saved). */
export const useDemoMode = () => useContext(DemoModeContext);
