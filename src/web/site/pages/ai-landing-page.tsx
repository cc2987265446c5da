import { SiteLayout } from "../components/site-layout";

/** Placeholder while the page is written. */
export function AiLandingPage() {
  return (
    <SiteLayout>
      <h1>AiLandingPage</h1>
    </SiteLayout>
  );
}
