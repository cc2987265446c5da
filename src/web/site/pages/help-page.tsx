import { SiteLayout } from "../components/site-layout";

/** Placeholder while the page is written. */
export function HelpPage() {
  return (
    <SiteLayout>
      <h1>HelpPage</h1>
    </SiteLayout>
  );
}
