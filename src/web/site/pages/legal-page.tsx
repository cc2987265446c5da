import { SiteLayout } from "../components/site-layout";

/** Placeholder while the page is written. */
export function LegalPage({ document }: { document: "terms" | "privacy" }) {
  return (
    <SiteLayout>
      <h1>{document}</h1>
    </SiteLayout>
  );
}
