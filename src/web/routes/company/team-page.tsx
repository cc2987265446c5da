import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/web/components/page-header";
import { Spinner } from "@/web/components/ui/spinner";
import { meQueryOptions } from "@/web/features/auth/api";
import { teamQueryOptions } from "@/web/features/team/api";
import { InviteDialog } from "@/web/features/team/components/invite-dialog";
import { Locations } from "@/web/features/team/components/locations";
import { RoleGuide } from "@/web/features/team/components/role-guide";
import { StaffInvitations } from "@/web/features/team/components/staff-invitations";
import { TeamActivity } from "@/web/features/team/components/team-activity";
import { TeamMembers } from "@/web/features/team/components/team-members";
import { errorMessage } from "@/web/lib/error-message";

/**
 * /equipe (the Dono's): the members with their role ('Remover' asked first), 'Convidar', the
 * invitations still open, what each role may do (from the permission table), the activity list
 * and the shops — 'Unidades' only with two or more; otherwise a discreet 'Tem mais de uma loja?'.
 */
export function TeamPage() {
  const { t } = useTranslation("team");
  const team = useQuery(teamQueryOptions());
  const me = useQuery(meQueryOptions());
  const locations = team.data?.locations ?? [];

  return (
    <>
      <PageHeader
        title={t("title")}
        subtitle={t("subtitle")}
        actions={team.data ? <InviteDialog locations={locations} /> : null}
      />
      {team.isPending ? <Spinner /> : null}
      {team.isError ? (
        <p role="alert" className="text-destructive">
          {errorMessage(team.error)}
        </p>
      ) : null}
      {team.data ? (
        <>
          <TeamMembers
            members={team.data.members}
            locations={locations}
            currentUserId={me.data?.user.id ?? null}
          />
          <StaffInvitations invitations={team.data.invitations} />
          <Locations locations={locations} />
          <TeamActivity />
          <RoleGuide />
        </>
      ) : null}
    </>
  );
}
