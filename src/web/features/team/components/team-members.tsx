import type { Location, TeamMember } from "@shared/team.schema";
import { MEMBER_ROLES, type MemberRole } from "@shared/team-permissions";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate } from "@/web/lib/format";
import { useRemoveMember, useUpdateMember } from "../api";

/**
 * The members: name, e-mail, since when, the role ('Dono', 'Gerente', 'Atendente') to change,
 * their shop when the company lists two or more, and 'Remover' (asked first, naming the person).
 * The server keeps the last owner (409 `last_owner`, shown as a message).
 */
export function TeamMembers({
  members,
  locations,
  currentUserId,
}: {
  members: TeamMember[];
  locations: Location[];
  /** The signed-in owner: their row says 'você'. */
  currentUserId: string | null;
}) {
  const { t } = useTranslation("team");
  const owners = members.filter((m) => m.role === "owner").length;
  return (
    <Card role="region" aria-labelledby="team-members-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="team-members-title">{t("members.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" aria-label={t("members.title")}>
          {members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              locations={locations}
              isYou={member.userId === currentUserId}
              soleOwner={member.role === "owner" && owners === 1}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function MemberRow({
  member,
  locations,
  isYou,
  soleOwner,
}: {
  member: TeamMember;
  locations: Location[];
  isYou: boolean;
  /** The company's only Dono: neither demoted nor removed (the API's last_owner), so not offered. */
  soleOwner: boolean;
}) {
  const { t } = useTranslation("team");
  const id = useId();
  const update = useUpdateMember();
  const name = member.name || member.email;

  const changeRole = (role: MemberRole) =>
    update.mutate(
      { id: member.id, input: { role } },
      {
        onSuccess: () =>
          toast.success(t("members.roleChanged", { name, role: t(`roles.${role}`) })),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  const changeLocation = (locationId: string) =>
    update.mutate(
      { id: member.id, input: { locationId: locationId || null } },
      {
        onSuccess: () => toast.success(t("members.locationChanged", { name })),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <li aria-label={name} className="grid gap-3 rounded-md border p-3 text-sm">
      <div className="grid min-w-0 gap-0.5">
        <p className="font-medium">
          {name}
          {isYou ? (
            <span className="font-normal text-muted-foreground"> ({t("members.you")})</span>
          ) : null}
        </p>
        <p className="break-all text-muted-foreground text-xs">{member.email}</p>
        <p className="text-muted-foreground text-xs">
          {t("members.since", { date: formatDate(member.createdAt) })}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,14rem)_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-role`} className="text-xs">
            {t("members.role", { name })}
          </Label>
          <NativeSelect
            id={`${id}-role`}
            value={member.role}
            disabled={update.isPending || soleOwner}
            aria-describedby={soleOwner ? `${id}-sole` : undefined}
            onChange={(e) => changeRole(e.target.value as MemberRole)}
            className="h-11"
          >
            {MEMBER_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        {locations.length >= 2 ? (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-location`} className="text-xs">
              {t("members.location", { name })}
            </Label>
            <NativeSelect
              id={`${id}-location`}
              value={member.locationId ?? ""}
              disabled={update.isPending}
              onChange={(e) => changeLocation(e.target.value)}
              className="h-11"
            >
              <option value="">{t("members.anyLocation")}</option>
              {locations.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        {soleOwner ? null : <RemoveMemberButton memberId={member.id} name={name} />}
      </div>
      {soleOwner ? (
        <p id={`${id}-sole`} className="text-muted-foreground text-xs">
          {t("members.soleOwner")}
        </p>
      ) : null}
    </li>
  );
}

/** 'Remover', asked first: the person loses access at once. */
function RemoveMemberButton({ memberId, name }: { memberId: string; name: string }) {
  const { t } = useTranslation("team");
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveMember();
  // Closed first: the removed member leaves the list with this dialog. The toast follows the
  // promise, not mutate's callbacks: those never run once the row (this button) has left the list.
  const onRemove = () => {
    setConfirming(false);
    remove.mutateAsync(memberId).then(
      () => toast.success(t("members.removed", { name })),
      (error: unknown) => toast.error(errorMessage(error)),
    );
  };
  return (
    <AlertDialog open={confirming} onOpenChange={setConfirming}>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="justify-self-start"
          disabled={remove.isPending}
        >
          {t("members.remove")}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{t("members.removeTitle", { name })}</AlertDialogTitle>
        <AlertDialogDescription>{t("members.removeBody", { name })}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button type="button" variant="outline">
              {t("members.back")}
            </Button>
          </AlertDialogCancel>
          <Button type="button" variant="destructive" onClick={onRemove}>
            {t("members.removeConfirm")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
