import { MapPin, UserRound } from "lucide-react";
import { Slot } from "radix-ui";
import { type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { lazyWithTexts, useDialogTrigger } from "@/web/lib/lazy-with-texts";

import type { OwnFields } from "./customer-profile-dialog-content";

/** The dialog, its form, react-hook-form and the profile's schema: fetched on the first tap. */
const CustomerProfileDialogContent = lazyWithTexts(
  () => import("./customer-profile-dialog-content").then((m) => m.CustomerProfileDialogContent),
  ["customer", "auth", "errors", "validation"],
);

/**
 * 'Meu perfil': the customer's own name, phone, birthday, city and state (the city and state the
 * short sign-up no longer asks, issue 31; corrected here, every company's view follows, issue 34).
 * Only the name is required. `trigger` is the button that opens it.
 */
export function CustomerProfileDialog({ trigger, ...own }: OwnFields & { trigger: ReactNode }) {
  const { open, setOpen, triggerProps, onCloseAutoFocus } = useDialogTrigger();
  return (
    <>
      <Slot.Root {...triggerProps}>{trigger}</Slot.Root>
      {open ? (
        <Suspense fallback={null}>
          <CustomerProfileDialogContent
            {...own}
            onOpenChange={setOpen}
            onCloseAutoFocus={onCloseAutoFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The 'Meu perfil' button of the customer's panel. */
export function CustomerProfileButton(place: OwnFields) {
  const { t } = useTranslation(["customer", "auth"]);
  return (
    <CustomerProfileDialog
      {...place}
      trigger={
        <Button type="button" variant="outline">
          <UserRound aria-hidden="true" />
          {t("profile.open")}
        </Button>
      }
    />
  );
}

/** 'Complete seu perfil: cidade e estado': a gentle prompt while both are empty. */
export function CompleteProfilePrompt(place: OwnFields) {
  const { t } = useTranslation(["customer", "auth"]);
  if (place.city || place.state) return null;
  return (
    <Alert role="status" className="border-primary/30 bg-primary/5">
      <MapPin aria-hidden="true" className="text-primary" />
      <AlertTitle>{t("profile.prompt")}</AlertTitle>
      <AlertDescription>
        <p>{t("profile.promptDescription")}</p>
        <CustomerProfileDialog
          {...place}
          trigger={
            <Button type="button" size="sm" className="mt-1">
              {t("profile.complete")}
            </Button>
          }
        />
      </AlertDescription>
    </Alert>
  );
}
