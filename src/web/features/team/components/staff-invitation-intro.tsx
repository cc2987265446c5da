import type { StaffInvitationDetails } from "@shared/team.schema";
import { useTranslation } from "react-i18next";
import { RolePermissions } from "./role-guide";

/** /equipe/convite: who invites, to which e-mail, with which role and what that role may do. */
export function StaffInvitationIntro({ invitation }: { invitation: StaffInvitationDetails }) {
  const { t } = useTranslation("team");
  const role = t(`roles.${invitation.role}`);
  return (
    <div className="grid gap-3">
      <p className="text-base">
        {t("invitation.intro", { company: invitation.companyName, role })}
      </p>
      <p className="break-all text-muted-foreground text-sm">
        {t("invitation.for", { email: invitation.email })}
      </p>
      <div className="grid gap-2 rounded-md border p-3">
        <p className="font-medium text-sm">{t("invitation.roleMay", { role })}</p>
        <RolePermissions role={invitation.role} />
      </div>
    </div>
  );
}
