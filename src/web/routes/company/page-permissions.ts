import { can, type MemberRole, type Permission } from "@shared/team-permissions";

/**
 * What each panel page needs (src/shared/team.schema.ts PERMISSIONS, the table the API's guard
 * reads): a member whose role lacks it never sees the page's menu entry, and its address sends
 * them to their home (an Atendente's is /balcao).
 */
const PAGE_PERMISSIONS: [RegExp, Permission][] = [
  [/^\/dashboard(-en)?$/, "dashboard"],
  [/^\/clientes$/, "customers"],
  [/^\/cartoes$/, "programs"],
  [/^\/mensagens$/, "messages"],
  [/^\/ia-suprema$/, "assistant"],
  [/^\/parceria|^\/parcerias-ativas$/, "partnerships"],
  [/^\/relatorios$/, "reports"],
  [/^\/configuracoes$/, "settings"],
  [/^\/dados-empresa$/, "settings"],
  [/^\/plano(\/|$)/, "billing"],
  [/^\/equipe$/, "team"],
  [/^\/integracoes$/, "integrations"],
  [/^\/balcao(\/qr)?$/, "counter"],
];

/** The permission a panel page needs; null for a path the table does not list (none needed). */
export function pagePermission(pathname: string): Permission | null {
  return PAGE_PERMISSIONS.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}

export function canOpenPage(role: MemberRole, pathname: string): boolean {
  const permission = pagePermission(pathname);
  return permission === null || can(role, permission);
}
