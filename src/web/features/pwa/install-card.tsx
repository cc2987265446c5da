import { Download, Share, X } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import {
  dismissInstall,
  installDismissed,
  installPrompt,
  isIos,
  isPhone,
  isStandalone,
  subscribeInstallPrompt,
} from "./install-prompt";

/**
 * 'Instalar app' on the customer's dashboard, on phones: the browser's install dialog where it
 * offers one (`beforeinstallprompt`, captured by the app's entry), else on an iPhone or iPad the
 * Share → 'Adicionar à Tela de Início' hint. Offered once: closed, or answered, it never shows
 * again on this device; installed, never.
 */
export function InstallCard() {
  const { t } = useTranslation("pwa");
  const prompt = useSyncExternalStore(subscribeInstallPrompt, installPrompt);
  const dismissed = useSyncExternalStore(subscribeInstallPrompt, installDismissed);
  const [ios] = useState(() => isIos() && !isStandalone());
  if (dismissed || isStandalone() || !isPhone() || (!prompt && !ios)) return null;

  const install = async () => {
    if (!prompt) return;
    await prompt.prompt();
    await prompt.userChoice.catch(() => null);
    dismissInstall();
  };

  return (
    <section
      aria-label={t("install.title")}
      className="relative grid gap-3 rounded-2xl border border-primary/40 bg-primary/5 p-4 pr-12"
    >
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="absolute top-2 right-2"
        aria-label={t("install.dismiss")}
        onClick={dismissInstall}
      >
        <X aria-hidden="true" />
      </Button>
      <p className="font-semibold">{t("install.title")}</p>
      {prompt ? (
        <>
          <p className="text-sm">{t("install.description")}</p>
          <Button type="button" className="justify-self-start" onClick={() => void install()}>
            <Download aria-hidden="true" />
            {t("install.action")}
          </Button>
        </>
      ) : (
        <p className="flex items-start gap-2 text-sm">
          <Share aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t("install.iosHint")}
        </p>
      )}
    </section>
  );
}
