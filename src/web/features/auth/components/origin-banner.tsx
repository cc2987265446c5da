import { Building2, Gift, Handshake } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SignUpOriginKind } from "@/shared/origin";
import { Alert, AlertDescription } from "@/web/components/ui/alert";

const ICONS = { company: Building2, partnership: Handshake, referral: Gift } as const;

/** Says where the sign-up link came from: a company, a partnership or a friend. */
export function OriginBanner({ kind }: { kind: SignUpOriginKind }) {
  const { t } = useTranslation("auth");
  if (kind === "generic") return null;
  const Icon = ICONS[kind];
  return (
    <Alert role="status" className="border-primary/30 bg-primary/5 text-primary">
      <Icon aria-hidden="true" />
      <AlertDescription className="font-medium text-foreground">
        {t(`origin.${kind}`)}
      </AlertDescription>
    </Alert>
  );
}
