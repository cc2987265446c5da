import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "./ui/button";
import { Spinner } from "./ui/spinner";

/** 'Sair' in both areas' headers: its icon alone on a phone (the header's search needs the room). */
export function SignOutButton({
  onSignOut,
  signingOut,
}: {
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const { t } = useTranslation("layout");
  return (
    <Button type="button" variant="outline" size="sm" onClick={onSignOut} disabled={signingOut}>
      {signingOut ? <Spinner /> : <LogOut aria-hidden="true" />}
      <span className="sr-only sm:not-sr-only">{t("header.signOut")}</span>
    </Button>
  );
}
