/**
 * 'Instalar app' (issue 32): Chrome and Edge on Android fire `beforeinstallprompt` once the app
 * is installable, often before React has drawn the dashboard, so the app's entry captures it at
 * once (main.tsx), keeps it and stops the browser's own mini-bar; the install card
 * (install-card.tsx) shows it. Safari on iPhone and iPad has no such event: there the card gives
 * the Share → 'Adicionar à Tela de Início' hint instead. Offered once per device: dismissed, or
 * answered, it never shows again (local storage); installed (opened standalone), never.
 */

/** The event Chromium fires (not in TypeScript's DOM types). */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
};

const DISMISSED_KEY = "carimbou:install-dismissed";

/**
 * Where the app's entry (main.tsx) keeps the captured event, and the event it fires then. Written
 * there literally: importing this module would make it a chunk of its own before the panel's
 * first screen.
 */
const INSTALL_PROMPT = "carimbou:install-prompt";

const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export const subscribeInstallPrompt = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener(INSTALL_PROMPT, listener);
  window.addEventListener("appinstalled", dismissInstall);
  return () => {
    listeners.delete(listener);
    window.removeEventListener(INSTALL_PROMPT, listener);
    window.removeEventListener("appinstalled", dismissInstall);
  };
};

export const installPrompt = () =>
  ((window as unknown as Record<string, unknown>)[INSTALL_PROMPT] ??
    null) as BeforeInstallPromptEvent | null;

export function installDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
}

export function dismissInstall() {
  try {
    localStorage.setItem(DISMISSED_KEY, "1");
  } catch {
    // Private mode without storage: the card goes for this visit only.
  }
  changed();
}

/** Opened from the home screen (an installed app): nothing to offer. */
export const isStandalone = () =>
  window.matchMedia("(display-mode: standalone)").matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** Safari on an iPhone or iPad (an iPad says it is a Mac, with a touch screen). */
export const isIos = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (navigator.userAgent.includes("Macintosh") && navigator.maxTouchPoints > 1);

/** A phone or a tablet: a touch screen as the main pointer, or a narrow one. */
export const isPhone = () =>
  window.matchMedia("(pointer: coarse)").matches || window.matchMedia("(max-width: 767px)").matches;
