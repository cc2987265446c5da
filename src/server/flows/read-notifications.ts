/**
 * The bell's 'marcar como lida' (flow: decision 022): the user's read marks (notifications) and,
 * for a partnership request among them, the request opened for the company ('nova' → 'lida',
 * partnerships), in one transaction opened here.
 */
import type { MarkNotificationsRead, NotificationList } from "@shared/notifications.schema";
import type { Db } from "../db/client";
import type { CompanyActor } from "../middleware/actor";
import { markNotificationsRead } from "../modules/notifications/notifications.service";
import { markRequestsRead } from "../modules/partnerships/partnerships.service";

/** A partnership request's notification id is `parceria_<partnership id>`. */
const REQUEST_PREFIX = "parceria_";

export function readNotifications(
  db: Db,
  actor: CompanyActor,
  input: MarkNotificationsRead,
): Promise<NotificationList> {
  return db.transaction(async (tx) => {
    const { bell, marked } = await markNotificationsRead(tx, actor, input);
    const requestIds = marked.flatMap((id) =>
      id.startsWith(REQUEST_PREFIX) ? [id.slice(REQUEST_PREFIX.length)] : [],
    );
    await markRequestsRead(tx, actor.companyId, requestIds);
    return bell;
  });
}
