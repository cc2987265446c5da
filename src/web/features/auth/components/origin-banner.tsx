import type { SignUpOriginKind } from "@shared/origin";
import { Building2, Gift, Handshake } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/web/components/ui/alert";

const ICONS = { company: Building2, partnership: Handshake, referral: Gift } as const;

/**
 * Says where the sign-up link came from: a company, a partnership or a friend. A link naming a
 * company that does not exist (`companyFound` false) gets no company or partnership banner.
 */
export function OriginBanner({
  kind,
  companyFound = true,
}: {
  kind: SignUpOriginKind;
  companyFound?: boolean;
}) {
  const { t } = useTranslation("auth");
  if (kind === "generic") return null;
  if (!companyFound && kind !== "referral") return null;
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
