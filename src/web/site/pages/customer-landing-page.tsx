import { SiteLayout } from "../components/site-layout";

/** Placeholder while the page is written. */
export function CustomerLandingPage() {
  return (
    <SiteLayout>
      <h1>CustomerLandingPage</h1>
    </SiteLayout>
  );
}
