/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const privacyKeys = {
  all: ["privacy"] as const,
  /** GET /api/me/privacy: 'Meus dados'. */
  mine: () => [...privacyKeys.all, "me"] as const,
};

/** This feature's mutations that change other features' data (src/web/invalidations.ts). */
export const privacyMutations = {
  /** 'Sair do programa de …': the company's card, directory entry and consents go. */
  leave: ["privacy", "leave"] as const,
  /** 'Excluir minha conta' and 'Cancelar exclusão': `me.deletionDueAt` changes. */
  requestDeletion: ["privacy", "deletion", "request"] as const,
  cancelDeletion: ["privacy", "deletion", "cancel"] as const,
};
