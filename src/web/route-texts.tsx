import type { Locale } from "@shared/languages";
import type { ComponentType } from "react";
import { PageLanguage } from "./components/page-language";
import { loadNamespaces, type Namespace } from "./lib/i18n";

/** The router's routes and the texts each fetches with its code (router.tsx, decision 042). */

/**
 * Texts of the signed-in areas, sign-in pages and invitation (fetched with their code); `team`,
 * `counter`, `integrations`, `assistant`, `privacy` only with the pages that show them (assistant:
 * IA Suprema, /configuracoes, /mensagens' take-over, the customer's marketing consents).
 */
export const APP_NAMESPACES: Namespace[] = [
  "errors",
  "validation",
  "auth",
  "backup",
  "billing",
  "cards",
  "claims",
  "companies",
  "company",
  "company-data",
  "customer",
  "customers",
  "interests",
  "layout",
  "messages",
  "notifications",
  "partnerships",
  "programs",
  "referrals",
  "reports",
  "security",
  "settings",
  "stamps",
];

/**
 * The company panel's shell (the guard, sidebar, header, bell and plan banner): its texts. The
 * guard's rare screens fetch theirs when shown ('auth' for a missing company, a closed company's),
 * and `errors` comes before a failed request's error reaches the page (lib/api-client.ts).
 */
export const COMPANY_AREA_NAMESPACES: Namespace[] = [
  "layout",
  "company",
  "billing",
  "notifications",
];

/**
 * The dashboard's first screen (decision 042): the cards it shows. Its closed dialogs fetch their
 * texts when opened (`lazyWithTexts`); the other panel pages still load `APP_NAMESPACES`.
 */
export const DASHBOARD_NAMESPACES: Namespace[] = [
  ...COMPANY_AREA_NAMESPACES,
  "reports",
  "cards",
  "claims",
  "companies",
  "messages",
  "stamps",
];

/**
 * A route whose code and texts are fetched when it is first visited, together, so the public
 * pages download neither the panels nor their texts (issue 6: at most 100 KB of initial JS).
 */
export function lazyPage(
  load: () => Promise<ComponentType>,
  namespaces: Namespace[],
  language?: Locale,
) {
  return async () => {
    const [Page] = await Promise.all([load(), loadNamespaces(namespaces)]);
    if (!language) return { Component: Page };
    return {
      Component: () => (
        <PageLanguage language={language}>
          <Page />
        </PageLanguage>
      ),
    };
  };
}

/** Texts of the sign-in pages and the invitation (their forms, errors and layout). */
export const SIGN_IN_NAMESPACES: Namespace[] = [
  "errors",
  "validation",
  "auth",
  "companies",
  "customers",
  "layout",
];
