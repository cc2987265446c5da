import { signInPathOf } from "../../shared/auth-paths";
import { isCounterPath, isCustomerHomePath, resolvePath } from "../../shared/site";

/**
 * The precached shell a page of the app is answered with offline, as the server picks it
 * (modules/site/site-html.ts): /balcao gets counter.html, /dashboard-cliente customer.html, the
 * panels' and the customer's other pages index.html. The public site and the sign-in pages are not kept (null): offline they fail as any
 * site does, and signing in needs the network anyway.
 */
export function shellFor(pathname: string): "counter.html" | "customer.html" | "index.html" | null {
  if (resolvePath(pathname).kind !== "app" || signInPathOf(pathname)) return null;
  if (isCounterPath(pathname)) return "counter.html";
  return isCustomerHomePath(pathname) ? "customer.html" : "index.html";
}
