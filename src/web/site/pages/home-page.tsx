import { Building2, CircleAlert, CircleCheck, Gift, QrCode, Stamp, User } from "lucide-react";
import { useEffect, useState } from "react";
import { type ConfirmationResult, readConfirmationResult } from "@/web/lib/confirmation";
import { LinkButton } from "../components/link-button";
import { SiteLayout } from "../components/site-layout";
import { useTexts } from "../texts";

const HIGHLIGHTS = [
  { key: "qr", icon: QrCode },
  { key: "stamps", icon: Stamp },
  { key: "rewards", icon: Gift },
] as const;

/** `/`: the two entrances, and the result of a company's e-mail confirmation link. */
export function HomePage() {
  const home = useTexts("home");
  const [confirmation, setConfirmation] = useState<ConfirmationResult | null>(null);
  // Read after the first render: the page's HTML is rendered at build time, without the link's query.
  useEffect(() => {
    setConfirmation(readConfirmationResult(new URLSearchParams(window.location.search)));
  }, []);

  return (
    <SiteLayout>
      <section className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 md:py-20">
        {confirmation === "confirmed" ? (
          <p
            role="status"
            className="mx-auto flex w-full max-w-xl items-center gap-3 rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-sm"
          >
            <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-success" />
            {home.confirmation.success}
          </p>
        ) : confirmation === "failed" ? (
          <p
            role="alert"
            className="mx-auto flex w-full max-w-xl items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm"
          >
            <CircleAlert aria-hidden="true" className="size-4 shrink-0 text-destructive" />
            {home.confirmation.error}
          </p>
        ) : null}
        <div className="mx-auto grid max-w-3xl gap-6 text-center">
          <h1 className="text-balance font-extrabold text-4xl tracking-tight md:text-5xl">
            {home.title}
          </h1>
          <p className="text-balance text-lg text-muted-foreground">{home.subtitle}</p>
          <div className="flex flex-col justify-center gap-3 sm:flex-row">
            <LinkButton href="/login-admin" size="lg">
              <Building2 aria-hidden="true" />
              {home.companyCta}
            </LinkButton>
            <LinkButton href="/login-cliente" size="lg" variant="outline">
              <User aria-hidden="true" />
              {home.customerCta}
            </LinkButton>
          </div>
          <p className="text-muted-foreground text-sm">{home.trial}</p>
        </div>
        <ul className="grid gap-4 md:grid-cols-3">
          {HIGHLIGHTS.map(({ key, icon: Icon }) => (
            <li key={key} className="grid gap-2 rounded-xl border bg-card p-6 shadow-sm">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h2 className="font-semibold text-lg">{home.highlights[key].title}</h2>
              <p className="text-muted-foreground text-sm">{home.highlights[key].description}</p>
            </li>
          ))}
        </ul>
      </section>
    </SiteLayout>
  );
}
