import { DEFAULT_LOCALE, LOCALES, type Locale, toLocale } from "@shared/languages";
import i18n from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { initReactI18next } from "react-i18next";
import type ptAssistant from "../locales/pt-BR/assistant.json";
import type ptAuth from "../locales/pt-BR/auth.json";
import type ptBackup from "../locales/pt-BR/backup.json";
import type ptBilling from "../locales/pt-BR/billing.json";
import type ptCards from "../locales/pt-BR/cards.json";
import type ptClaims from "../locales/pt-BR/claims.json";
import ptCommon from "../locales/pt-BR/common.json";
import type ptCompanies from "../locales/pt-BR/companies.json";
import type ptCompany from "../locales/pt-BR/company.json";
import type ptCompanyData from "../locales/pt-BR/company-data.json";
import type ptCounter from "../locales/pt-BR/counter.json";
import type ptCustomer from "../locales/pt-BR/customer.json";
import type ptCustomers from "../locales/pt-BR/customers.json";
import type ptErrors from "../locales/pt-BR/errors.json";
import type ptIntegrations from "../locales/pt-BR/integrations.json";
import type ptInterests from "../locales/pt-BR/interests.json";
import type ptLayout from "../locales/pt-BR/layout.json";
import type ptMessages from "../locales/pt-BR/messages.json";
import type ptNotifications from "../locales/pt-BR/notifications.json";
import type ptPartnerships from "../locales/pt-BR/partnerships.json";
import type ptPrivacy from "../locales/pt-BR/privacy.json";
import type ptPrograms from "../locales/pt-BR/programs.json";
import type ptPush from "../locales/pt-BR/push.json";
import type ptPwa from "../locales/pt-BR/pwa.json";
import type ptReferrals from "../locales/pt-BR/referrals.json";
import type ptReports from "../locales/pt-BR/reports.json";
import type ptSecurity from "../locales/pt-BR/security.json";
import type ptSettings from "../locales/pt-BR/settings.json";
import type ptStamps from "../locales/pt-BR/stamps.json";
import type ptTeam from "../locales/pt-BR/team.json";
import type ptValidation from "../locales/pt-BR/validation.json";
import { rememberLanguage, storedLanguage } from "./language";

/**
 * The app's namespaces, typed from their pt-BR files (pt-BR is the source; every other language
 * has the same keys, `locales/parity.test.ts`). Only pt-BR's `common` is bundled; the rest is
 * fetched, one small file per language and namespace, by the routes that use them
 * (`loadNamespaces`).
 * The public site reads its own namespaces without i18next (`site/texts.ts`, decision 005).
 */
type Resources = {
  common: typeof ptCommon;
  errors: typeof ptErrors;
  validation: typeof ptValidation;
  assistant: typeof ptAssistant;
  auth: typeof ptAuth;
  backup: typeof ptBackup;
  billing: typeof ptBilling;
  cards: typeof ptCards;
  claims: typeof ptClaims;
  companies: typeof ptCompanies;
  company: typeof ptCompany;
  counter: typeof ptCounter;
  "company-data": typeof ptCompanyData;
  customer: typeof ptCustomer;
  customers: typeof ptCustomers;
  integrations: typeof ptIntegrations;
  interests: typeof ptInterests;
  layout: typeof ptLayout;
  messages: typeof ptMessages;
  notifications: typeof ptNotifications;
  partnerships: typeof ptPartnerships;
  privacy: typeof ptPrivacy;
  programs: typeof ptPrograms;
  push: typeof ptPush;
  pwa: typeof ptPwa;
  referrals: typeof ptReferrals;
  reports: typeof ptReports;
  security: typeof ptSecurity;
  settings: typeof ptSettings;
  stamps: typeof ptStamps;
  team: typeof ptTeam;
};
export type Namespace = keyof Resources;

/**
 * Bundled with the app: the texts of its shell, in pt-BR (the source, and every page's fallback).
 * English's are fetched like any namespace, at start for an English visitor, and before any page
 * renders (`loadNamespaces`): a pt-BR visitor does not download them (decision 042).
 */
const bundled = { "pt-BR": { common: ptCommon } };

/** The other namespaces: one lazily loaded chunk per language and namespace. */
const lazyFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  "../locales/*/*.json",
  "!../locales/pt-BR/common.json",
  // The public site's texts (site/texts.ts reads them).
  "!../locales/*/{site,home,help,api-guide,legal,not-found,landing-*}.json",
]);

/** i18next's backend over those chunks: a namespace is fetched the first time a route asks for it. */
const lazyLocales = resourcesToBackend((language: string, namespace: string) => {
  const load = lazyFiles[`../locales/${language}/${namespace}.json`];
  return load ? load() : Promise.reject(new Error(`No texts for ${language}/${namespace}`));
});

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: Resources;
  }
}

i18n.on("languageChanged", (language) => {
  // Also loaded in node by tests of modules that import the API client (no document there).
  if (typeof document !== "undefined") document.documentElement.lang = toLocale(language);
});

void i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    resources: bundled,
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    load: "currentOnly",
    defaultNS: "common",
    ns: Object.keys(bundled["pt-BR"]),
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/**
 * Fetches the texts of `namespaces` (current language and the pt-BR fallback) before a route
 * renders, so its components do not suspend one after another; `common` too (bundled in pt-BR
 * only).
 */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces(["common", ...namespaces]);
}

/** The user's choice: applied now and remembered for the next visits (and by the public site). */
export function setLanguagePreference(locale: Locale) {
  rememberLanguage(locale);
  void i18n.changeLanguage(locale);
}

/** The locale on screen now. */
export const currentLocale = (): Locale => toLocale(i18n.language);

export { i18n };
