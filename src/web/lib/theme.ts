/** Theme claro/escuro (spec section 9 default: claro), kept in local storage `app-theme`. */
export type Theme = "light" | "dark";

export const THEME_STORAGE_KEY = "app-theme";

export function storedTheme(): Theme {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY) === "dark" ? "dark" : "light";
  } catch {
    return "light";
  }
}

/** Applies the theme at once (the `.dark` class on <html>) and remembers it. */
export function setThemePreference(theme: Theme) {
  document.documentElement.classList.toggle("dark", theme === "dark");
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}

/** At start-up: the remembered theme. */
export function applyStoredTheme() {
  document.documentElement.classList.toggle("dark", storedTheme() === "dark");
}
