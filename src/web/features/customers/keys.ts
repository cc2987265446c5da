/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const customerKeys = {
  all: ["customers"] as const,
  directory: (search: string, page: number) =>
    [...customerKeys.all, "directory", search, page] as const,
  /** The add-stamp dialog's search (active customers with their open cards). */
  search: (search: string) => [...customerKeys.all, "search", search] as const,
  stats: () => [...customerKeys.all, "stats"] as const,
  details: (id: string) => [...customerKeys.all, "details", id] as const,
  cards: (id: string) => [...customerKeys.all, "cards", id] as const,
  /** /clientes 'Convites pendentes'. */
  invitations: () => [...customerKeys.all, "invitations"] as const,
  invitation: (token: string) => ["invitations", token] as const,
  /** /convite?codigo=…: an import's short code. */
  invitationCode: (code: string) => ["invitation-codes", code] as const,
  /** 'Importar': the company's import batches, one import (its preview and progress), its codes. */
  imports: () => [...customerKeys.all, "imports"] as const,
  import: (id: string) => [...customerKeys.imports(), id] as const,
  importCodes: (id: string) => [...customerKeys.imports(), id, "codes"] as const,
  /** The signed-in customer's invitations (/dashboard-cliente). */
  mine: () => ["my-invitations"] as const,
};

export const customerMutations = {
  setStatus: [...customerKeys.all, "set-status"] as const,
  updateRecord: [...customerKeys.all, "update-record"] as const,
  answerInvitation: [...customerKeys.all, "answer-invitation"] as const,
};
