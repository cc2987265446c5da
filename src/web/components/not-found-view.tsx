import type ptNotFound from "@/web/locales/pt-BR/not-found.json";
import { BrandMark, brandLinkClass } from "./brand-mark";
import { buttonVariants } from "./ui/button-variants";

/**
 * The 404 page: 'Ops! Página não encontrada', or 'Oops! Page not found' with a link to
 * /dashboard-en when the path contains '-en' (spec section 2). Plain links, so the public site
 * (which answers unknown paths) and the app (an unknown path reached inside it) both show it.
 */
export function NotFoundView({
  english,
  texts,
  appName,
}: {
  english: boolean;
  texts: typeof ptNotFound;
  appName: string;
}) {
  return (
    <main
      lang={english ? "en" : "pt-BR"}
      className="flex min-h-svh flex-col items-center justify-center gap-6 p-6 text-center"
    >
      <a href="/" className={brandLinkClass}>
        <BrandMark name={appName} />
      </a>
      <p className="font-extrabold text-7xl text-primary">{texts.code}</p>
      <h1 className="font-bold text-2xl">{texts.title}</h1>
      <p className="max-w-md text-muted-foreground">{texts.description}</p>
      <a href={english ? "/dashboard-en" : "/"} className={buttonVariants()}>
        {texts.link}
      </a>
    </main>
  );
}
