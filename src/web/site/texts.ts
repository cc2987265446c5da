import { SITE_PAGE_FILES, type SiteLanguage, type SitePage } from "@shared/site";
import { useEffect, useState, useSyncExternalStore } from "react";
import { rememberLanguage, storedLanguage } from "../lib/language";
import type ptApiGuide from "../locales/pt-BR/api-guide.json";
import type ptCommon from "../locales/pt-BR/common.json";
import type ptHelp from "../locales/pt-BR/help.json";
import type ptHome from "../locales/pt-BR/home.json";
import type ptLandingAi from "../locales/pt-BR/landing-ai.json";
import type ptLandingCompany from "../locales/pt-BR/landing-company.json";
import type ptLandingCustomer from "../locales/pt-BR/landing-customer.json";
import type ptLegal from "../locales/pt-BR/legal.json";
import type ptNotFound from "../locales/pt-BR/not-found.json";
import type ptSite from "../locales/pt-BR/site.json";

/**
 * Texts of the public site. Same locale files as the app (pt-BR the source, `en` with the same
 * keys, language in local storage `app-language`), read as typed objects instead of through
 * i18next, which alone would take a fifth of a page's 100 KB budget (decision 005):
 * `const tx = useTexts("landing-company"); tx.hero.title`, and `fill(tx.x, { year })` for
 * `{{placeholders}}`.
 */
export type SiteTexts = {
  common: typeof ptCommon;
  site: typeof ptSite;
  home: typeof ptHome;
  "landing-company": typeof ptLandingCompany;
  "landing-customer": typeof ptLandingCustomer;
  "landing-ai": typeof ptLandingAi;
  help: typeof ptHelp;
  /** The API guide's bodies on /ajuda, fetched when a step is opened or searched (useLazyTexts). */
  "api-guide": typeof ptApiGuide;
  legal: typeof ptLegal;
  "not-found": typeof ptNotFound;
};
export type SiteNamespace = keyof SiteTexts;
export type { SiteLanguage };

const files = import.meta.glob<{ default: unknown }>([
  "../locales/*/common.json",
  "../locales/*/site.json",
  "../locales/*/home.json",
  "../locales/*/landing-*.json",
  "../locales/*/help.json",
  "../locales/*/api-guide.json",
  "../locales/*/legal.json",
  "../locales/*/not-found.json",
]);

const loaded = new Map<string, unknown>();
const wanted = new Set<SiteNamespace>(["common"]);
const listeners = new Set<() => void>();
let language: SiteLanguage = storedLanguage();

async function load(lang: SiteLanguage, namespaces: Iterable<SiteNamespace>) {
  await Promise.all(
    [...namespaces].map(async (namespace) => {
      const key = `${lang}/${namespace}`;
      if (loaded.has(key)) return;
      const file = files[`../locales/${key}.json`];
      if (!file) throw new Error(`No texts for ${key}`);
      loaded.set(key, (await file()).default);
    }),
  );
}

function apply(lang: SiteLanguage) {
  language = lang;
  if (typeof document !== "undefined") document.documentElement.lang = lang;
  for (const listener of listeners) listener();
}

/** The namespaces a page reads (`common` and its own). */
export const pageNamespaces = (page: SitePage): SiteNamespace[] => [
  "common",
  ...(SITE_PAGE_FILES[page].namespaces as SiteNamespace[]),
];

/** Fetches the page's namespaces in the visitor's language (or `lang`) before the first render. */
export async function loadTexts(namespaces: SiteNamespace[], lang: SiteLanguage = language) {
  for (const namespace of namespaces) wanted.add(namespace);
  await load(lang, wanted);
  apply(lang);
}

/** The visitor's choice: fetches the page's texts in that language, shows them, remembers it. */
export async function setSiteLanguage(lang: SiteLanguage) {
  await load(lang, wanted);
  rememberLanguage(lang);
  apply(lang);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getLanguage = () => language;

/** The current language; re-renders when the visitor switches. */
export function useSiteLanguage(): SiteLanguage {
  return useSyncExternalStore(subscribe, getLanguage, getLanguage);
}

/** The texts of `namespace` in the current language (loaded by `loadTexts` first). */
export function useTexts<N extends SiteNamespace>(namespace: N): SiteTexts[N] {
  const lang = useSiteLanguage();
  const texts = loaded.get(`${lang}/${namespace}`);
  if (!texts) throw new Error(`Texts of ${namespace} (${lang}) were not loaded`);
  return texts as SiteTexts[N];
}

/**
 * The texts of `namespace` fetched only once `wanted` (a part of the page that few open, kept out
 * of its first download): undefined until they have arrived. Once asked for, a language switch
 * fetches them too.
 */
export function useLazyTexts<N extends SiteNamespace>(
  namespace: N,
  wanted: boolean,
): SiteTexts[N] | undefined {
  const lang = useSiteLanguage();
  const [, arrived] = useState(0);
  const texts = loaded.get(`${lang}/${namespace}`) as SiteTexts[N] | undefined;
  useEffect(() => {
    if (!wanted || texts) return;
    let live = true;
    void loadTexts([namespace], lang).then(() => live && arrived((n) => n + 1));
    return () => {
      live = false;
    };
  }, [wanted, texts, namespace, lang]);
  return texts;
}

/** Replaces `{{name}}` placeholders: `fill("© {{year}} Carimbou", { year: 2026 })`. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
