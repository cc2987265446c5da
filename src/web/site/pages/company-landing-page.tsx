import { SiteLayout } from "../components/site-layout";

/** Placeholder while the page is written. */
export function CompanyLandingPage() {
  return (
    <SiteLayout>
      <h1>CompanyLandingPage</h1>
    </SiteLayout>
  );
}
