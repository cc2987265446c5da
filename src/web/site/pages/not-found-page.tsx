import { NotFoundView } from "@/web/components/not-found-view";
import { useSiteLanguage, useTexts } from "../texts";

/** Any unknown path (the server answers it with status 404), in the language of its path. */
export function NotFoundPage() {
  const texts = useTexts("not-found");
  const { appName } = useTexts("common");
  return <NotFoundView english={useSiteLanguage() === "en"} texts={texts} appName={appName} />;
}
