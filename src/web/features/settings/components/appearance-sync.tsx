import { toLocale } from "@shared/languages";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { setLanguagePreference } from "@/web/lib/i18n";
import { setThemePreference } from "@/web/lib/theme";
import { appearanceQueryOptions } from "../api";

/** Inside a signed-in area: applies the theme and language the user keeps on the server. */
export function AppearanceSync() {
  const { data } = useQuery(appearanceQueryOptions());
  useEffect(() => {
    if (data?.theme) setThemePreference(data.theme);
    if (data?.language) setLanguagePreference(toLocale(data.language));
  }, [data]);
  return null;
}
