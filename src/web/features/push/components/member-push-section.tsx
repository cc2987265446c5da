import type { PushKind } from "@shared/push.schema";
import { can, type MemberRole, type Permission } from "@shared/team-permissions";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { PushSwitches } from "./push-switches";

/**
 * A member's kinds and the page each leads to: a role that cannot open the page gets no switch
 * (the server refuses the kind too: MEMBER_KIND_PERMISSION in src/server/modules/push/push.service.ts).
 */
const MEMBER_KINDS: [PushKind, Permission][] = [
  ["message", "messages"],
  ["claim", "claims"],
  ["partnership", "partnerships"],
];

/** The company's 'Notificações Gerais' switches that hold a member's notices back. */
export type CompanyPushSwitches = { push: boolean; messages: boolean; stamps: boolean };

/**
 * A company member's Web Push on this device: new customer messages, new stamp claims and
 * partnership requests, those their role may see. The company's switches are read by the route and
 * passed in: with 'Alertas no sino do painel' off nothing is sent, and each kind also follows its
 * category's switch ('Carimbos' for claims, 'Mensagens de clientes' for messages and partnership
 * requests), as the server's queueCompanyPush does; the section says so next to them.
 */
export function MemberPushSection({
  memberRole,
  company,
}: {
  memberRole: MemberRole | null;
  company: CompanyPushSwitches | undefined;
}) {
  const { t } = useTranslation(["push", "settings"]);
  const headingId = useId();
  const kinds = MEMBER_KINDS.filter(([, permission]) => can(memberRole, permission)).map(
    ([k]) => k,
  );
  if (kinds.length === 0) return null;
  const categoryOff = (category: "messages" | "stamps") =>
    company?.push && !company[category]
      ? t("categoryOff", { name: t(`settings:notifications.${category}`) })
      : undefined;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t pt-4">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-semibold text-base">
          {t("memberTitle")}
        </h3>
        <p className="text-muted-foreground text-sm">{t("memberDescription")}</p>
      </div>
      {company && !company.push ? (
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          {t("companyOff", { name: t("settings:notifications.push") })}
        </p>
      ) : null}
      <PushSwitches
        kinds={kinds}
        hints={{
          message: categoryOff("messages"),
          partnership: categoryOff("messages"),
          claim: categoryOff("stamps"),
        }}
      />
    </section>
  );
}
