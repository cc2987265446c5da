import type { PartnerMessage } from "@shared/partnerships.schema";

/**
 * Where the next poll of an open conversation starts (`?after=<id>`): after the last message, or,
 * while an own message is still 'nova', just before the oldest of them, so its read mark ('lida')
 * comes back with the new messages. Undefined: the whole thread.
 */
export function pollAfter(messages: readonly PartnerMessage[]): string | undefined {
  const firstUnreadOwn = messages.findIndex((m) => m.fromMe && !m.readAt);
  if (firstUnreadOwn === -1) return messages.at(-1)?.id;
  return firstUnreadOwn === 0 ? undefined : messages[firstUnreadOwn - 1]!.id;
}

/**
 * The thread on screen after a poll or a send: a message received again replaces the one shown
 * (its read mark may have changed), new ones join, oldest first. Messages the answer did not carry
 * stay (a poll that started before an own message was sent does not drop it).
 */
export function mergeMessages(
  shown: readonly PartnerMessage[],
  incoming: readonly PartnerMessage[],
): PartnerMessage[] {
  const byId = new Map(shown.map((m) => [m.id, m]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()]
    .map((message, index) => ({ message, index }))
    .sort(
      (a, b) =>
        Date.parse(a.message.createdAt) - Date.parse(b.message.createdAt) || a.index - b.index,
    )
    .map(({ message }) => message);
}
