import { toOpenGraphLocale } from "@shared/languages";
import type { SitePage } from "@shared/site";
import { useEffect } from "react";
import { useSiteLanguage } from "../texts";

function setMeta(attribute: "name" | "property", key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement("meta");
    tag.setAttribute(attribute, key);
    document.head.append(tag);
  }
  tag.content = content;
}

/**
 * Title, description and Open Graph texts of the page in the current language. The server sends
 * them in the HTML already (for crawlers and link previews); this keeps them right when the
 * visitor switches language.
 */
export function PageMeta({ page }: { page: SitePage }) {
  const language = useSiteLanguage();
  useEffect(() => {
    let current = true;
    // Fetched after the first paint: the HTML came with the texts of the language it was sent in.
    void import("@shared/site-meta").then(({ SITE_META }) => {
      if (!current) return;
      const { title, description } = SITE_META[page][language];
      document.title = title;
      setMeta("name", "description", description);
      setMeta("property", "og:title", title);
      setMeta("property", "og:description", description);
      setMeta("property", "og:locale", toOpenGraphLocale(language));
    });
    return () => {
      current = false;
    };
  }, [page, language]);
  return null;
}
