import { Menu, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { BrandMark, brandLinkClass } from "@/web/components/brand-mark";
import { useTexts } from "../texts";
import { LanguageToggle } from "./language-toggle";
import { LinkButton } from "./link-button";

export type HeaderLink = { href: string; label: string };

/**
 * Sticky header of the public pages: brand (to /), the page's links (by default: for companies,
 * for customers, help), the language switch and two actions ('Entrar' and 'Começar Grátis' on
 * the landing pages). Below 768 px the links and actions fold into a menu opened by a toggle; it
 * closes on a link, on Escape, or on the toggle.
 */
export function SiteHeader({
  links: pageLinks,
  signIn,
  start,
}: {
  /** The page's own links, in place of the standard ones. */
  links?: HeaderLink[];
  /** 'Entrar' (outline). */
  signIn?: HeaderLink;
  /** 'Começar Grátis' (primary). */
  start?: HeaderLink;
}) {
  const { menu, skipToContent, header, footer } = useTexts("site");
  const { appName } = useTexts("common");
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const links = pageLinks ?? [
    { href: "/lp-empresa", label: header.forCompanies },
    { href: "/lp-usuarios", label: header.forCustomers },
    { href: "/ajuda", label: footer.help },
  ];

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const hasMenu = links.length > 0 || signIn || start;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <a
        href="#conteudo"
        className="sr-only rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {skipToContent}
      </a>
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4">
        <a href="/" className={brandLinkClass}>
          <BrandMark name={appName} />
        </a>
        <nav aria-label={menu.label} className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <a
              key={link.href}
              href={link.href}
              className="rounded-md px-3 py-2 font-medium text-muted-foreground text-sm outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              {link.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <LanguageToggle className="text-muted-foreground" />
          {signIn ? (
            <LinkButton href={signIn.href} variant="outline" className="max-md:hidden">
              {signIn.label}
            </LinkButton>
          ) : null}
          {start ? (
            <LinkButton href={start.href} className="max-md:hidden">
              {start.label}
            </LinkButton>
          ) : null}
          {hasMenu ? (
            <button
              type="button"
              className="inline-flex size-11 items-center justify-center rounded-md outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 md:hidden"
              aria-expanded={open}
              aria-controls={menuId}
              aria-label={open ? menu.close : menu.open}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            </button>
          ) : null}
        </div>
      </div>
      {hasMenu ? (
        <nav
          id={menuId}
          aria-label={menu.label}
          hidden={!open}
          className="border-t bg-background px-4 pt-2 pb-4 md:hidden"
        >
          <ul className="grid gap-1">
            {links.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  onClick={() => setOpen(false)}
                  className="block rounded-md px-3 py-3 font-medium outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-3 grid gap-2">
            {signIn ? (
              <LinkButton href={signIn.href} variant="outline" size="lg">
                {signIn.label}
              </LinkButton>
            ) : null}
            {start ? (
              <LinkButton href={start.href} size="lg">
                {start.label}
              </LinkButton>
            ) : null}
          </div>
        </nav>
      ) : null}
    </header>
  );
}
