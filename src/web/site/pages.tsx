import type { SitePage } from "@shared/site";
import type { ComponentType } from "react";

/** The code of each page of the public site, fetched on its own (one chunk per page). */
export const SITE_PAGES: Record<SitePage, () => Promise<ComponentType>> = {
  home: () => import("./pages/home-page").then((m) => m.HomePage),
  companyLanding: () => import("./pages/company-landing-page").then((m) => m.CompanyLandingPage),
  customerLanding: () => import("./pages/customer-landing-page").then((m) => m.CustomerLandingPage),
  aiLanding: () => import("./pages/ai-landing-page").then((m) => m.AiLandingPage),
  help: () => import("./pages/help-page").then((m) => m.HelpPage),
  terms: () => import("./pages/legal-page").then((m) => () => <m.LegalPage document="terms" />),
  privacy: () => import("./pages/legal-page").then((m) => () => <m.LegalPage document="privacy" />),
  notFound: () => import("./pages/not-found-page").then((m) => m.NotFoundPage),
};
