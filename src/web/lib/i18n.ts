import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import enAuth from "../locales/en/auth.json";
import enBackup from "../locales/en/backup.json";
import enCards from "../locales/en/cards.json";
import enClaims from "../locales/en/claims.json";
import enCommon from "../locales/en/common.json";
import enCompanies from "../locales/en/companies.json";
import enCompany from "../locales/en/company.json";
import enCompanyData from "../locales/en/company-data.json";
import enCustomer from "../locales/en/customer.json";
import enCustomers from "../locales/en/customers.json";
import enErrors from "../locales/en/errors.json";
import enHome from "../locales/en/home.json";
import enInterests from "../locales/en/interests.json";
import enLayout from "../locales/en/layout.json";
import enMessages from "../locales/en/messages.json";
import enNotFound from "../locales/en/not-found.json";
import enPublic from "../locales/en/public.json";
import enReports from "../locales/en/reports.json";
import enSecurity from "../locales/en/security.json";
import enSettings from "../locales/en/settings.json";
import enStamps from "../locales/en/stamps.json";
import enValidation from "../locales/en/validation.json";
import ptAuth from "../locales/pt-BR/auth.json";
import ptBackup from "../locales/pt-BR/backup.json";
import ptCards from "../locales/pt-BR/cards.json";
import ptClaims from "../locales/pt-BR/claims.json";
import ptCommon from "../locales/pt-BR/common.json";
import ptCompanies from "../locales/pt-BR/companies.json";
import ptCompany from "../locales/pt-BR/company.json";
import ptCompanyData from "../locales/pt-BR/company-data.json";
import ptCustomer from "../locales/pt-BR/customer.json";
import ptCustomers from "../locales/pt-BR/customers.json";
import ptErrors from "../locales/pt-BR/errors.json";
import ptHome from "../locales/pt-BR/home.json";
import ptInterests from "../locales/pt-BR/interests.json";
import ptLayout from "../locales/pt-BR/layout.json";
import ptMessages from "../locales/pt-BR/messages.json";
import ptNotFound from "../locales/pt-BR/not-found.json";
import ptPublic from "../locales/pt-BR/public.json";
import ptReports from "../locales/pt-BR/reports.json";
import ptSecurity from "../locales/pt-BR/security.json";
import ptSettings from "../locales/pt-BR/settings.json";
import ptStamps from "../locales/pt-BR/stamps.json";
import ptValidation from "../locales/pt-BR/validation.json";

/** pt-BR is the source language; every other language has the same keys. */
const ptBR = {
  common: ptCommon,
  auth: ptAuth,
  cards: ptCards,
  claims: ptClaims,
  companies: ptCompanies,
  company: ptCompany,
  customer: ptCustomer,
  customers: ptCustomers,
  errors: ptErrors,
  home: ptHome,
  interests: ptInterests,
  layout: ptLayout,
  messages: ptMessages,
  "not-found": ptNotFound,
  public: ptPublic,
  reports: ptReports,
  settings: ptSettings,
  security: ptSecurity,
  "company-data": ptCompanyData,
  backup: ptBackup,
  stamps: ptStamps,
  validation: ptValidation,
};

const en: typeof ptBR = {
  common: enCommon,
  auth: enAuth,
  cards: enCards,
  claims: enClaims,
  companies: enCompanies,
  company: enCompany,
  customer: enCustomer,
  customers: enCustomers,
  errors: enErrors,
  home: enHome,
  interests: enInterests,
  layout: enLayout,
  messages: enMessages,
  "not-found": enNotFound,
  public: enPublic,
  reports: enReports,
  settings: enSettings,
  security: enSecurity,
  "company-data": enCompanyData,
  backup: enBackup,
  stamps: enStamps,
  validation: enValidation,
};

export const resources = { "pt-BR": ptBR, en };

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: typeof ptBR;
  }
}

export type Language = "pt-BR" | "en";
export type ValidationKey = keyof typeof ptValidation;
export type ErrorKey = keyof typeof ptErrors;

/** Local-storage key of the language preference; values `pt` or `en` (spec section 2). */
export const LANGUAGE_STORAGE_KEY = "app-language";

function storedLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY) === "en" ? "en" : "pt-BR";
  } catch {
    return "pt-BR";
  }
}

export const isValidationKey = (key: string): key is ValidationKey => key in ptValidation;
export const isErrorKey = (key: string): key is ErrorKey => key in ptErrors;

i18n.on("languageChanged", (language) => {
  document.documentElement.lang = language === "en" ? "en" : "pt-BR";
});

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: "pt-BR",
  supportedLngs: ["pt-BR", "en"],
  defaultNS: "common",
  ns: Object.keys(ptBR),
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The user's choice: applied now and remembered for the next visits. */
export function setLanguagePreference(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language === "en" ? "en" : "pt");
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
  void i18n.changeLanguage(language);
}

export const currentLanguage = (): Language => (i18n.language === "en" ? "en" : "pt-BR");

export { i18n };
