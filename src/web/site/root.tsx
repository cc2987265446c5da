import type { SitePage } from "@shared/site";
import { type ComponentType, StrictMode } from "react";
import { PageMeta } from "./components/page-meta";

/** What the site renders for a page: in the browser and, at build time, into its HTML. */
export function SiteRoot({ page, Page }: { page: SitePage; Page: ComponentType }) {
  return (
    <StrictMode>
      <PageMeta page={page} />
      <Page />
    </StrictMode>
  );
}
