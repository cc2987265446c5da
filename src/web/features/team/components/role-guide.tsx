import {
  can,
  MEMBER_ROLES,
  type MemberRole,
  PERMISSIONS,
  type Permission,
} from "@shared/team-permissions";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";

const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/** What `role` may do, read from the permission table the API's guard reads. */
export const permissionsOf = (role: MemberRole) => ALL_PERMISSIONS.filter((p) => can(role, p));

/** The list of what `role` may do ('Tudo no painel.' for a role with every permission). */
export function RolePermissions({ role }: { role: MemberRole }) {
  const { t } = useTranslation("team");
  const allowed = permissionsOf(role);
  if (allowed.length === ALL_PERMISSIONS.length) {
    return <p className="text-sm">{t("roleGuide.everything")}</p>;
  }
  return (
    <ul className="grid list-disc gap-1 pl-5 text-sm">
      {allowed.map((permission) => (
        <li key={permission}>{t(`permissions.${permission}`)}</li>
      ))}
    </ul>
  );
}

/** 'O que cada função pode fazer': one short list per role, from PERMISSIONS. */
export function RoleGuide() {
  const { t } = useTranslation("team");
  return (
    <Card role="region" aria-labelledby="role-guide-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="role-guide-title">{t("roleGuide.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-3">
        {MEMBER_ROLES.map((role) => (
          <section key={role} aria-label={t(`roles.${role}`)} className="grid content-start gap-2">
            <h3 className="font-semibold">{t(`roles.${role}`)}</h3>
            <RolePermissions role={role} />
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
