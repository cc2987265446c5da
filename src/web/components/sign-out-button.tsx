import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "./ui/button";
import { Spinner } from "./ui/spinner";

/** 'Sair' in both areas' headers. */
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
      {t("header.signOut")}
    </Button>
  );
}
