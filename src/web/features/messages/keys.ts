/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const messageKeys = {
  all: ["messages"] as const,
  inbox: () => [...messageKeys.all, "inbox"] as const,
  unread: () => [...messageKeys.all, "unread"] as const,
  conversation: (companyId: string) => [...messageKeys.all, "conversation", companyId] as const,
  myReplies: () => [...messageKeys.all, "my-replies"] as const,
};

export const messageMutations = {
  reply: [...messageKeys.all, "reply"] as const,
};
