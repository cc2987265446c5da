import { useEffect } from "react";

/** Sets the browser tab title to "<title> · Carimbou". */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} · Carimbou`;
  }, [title]);
}
