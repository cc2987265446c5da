import { index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { loyaltyCards } from "../cards/cards.table";

/**
 * A card's Apple Wallet pass (issue 32), made when the customer first downloads it: the pass's
 * serial number is the card id, and its `authenticationToken` (random, 32 characters) is what the
 * device sends back on every PassKit web service call (`Authorization: ApplePass <token>`). The
 * token is kept as it is, not hashed: every download and every update is the same pass, which
 * must carry the same token (a new one would leave the devices already holding it locked out),
 * and all it opens is this pass's own updates.
 * `updated_at` is the pass's version: the serials 'updated since' a device's tag, and the pass's
 * Last-Modified. The `apple-wallet-push` job moves it forward on every stamp and redemption, at
 * least one second each time, so an HTTP date (whole seconds) tells every version apart.
 */
export const applePasses = pgTable("apple_passes", {
  cardId: text()
    .primaryKey()
    .references(() => loyaltyCards.id, { onDelete: "cascade" }),
  authenticationToken: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * A device that holds a card's pass and asked for its updates (PassKit: register a device): its
 * library id, the push token APNs knows it by. Unregistering (the pass removed from the wallet),
 * or APNs answering 410 Unregistered, removes the row.
 */
export const applePassRegistrations = pgTable(
  "apple_pass_registrations",
  {
    deviceLibraryId: text().notNull(),
    cardId: text()
      .notNull()
      .references(() => applePasses.cardId, { onDelete: "cascade" }),
    pushToken: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.deviceLibraryId, t.cardId] }),
    index("apple_pass_registrations_card_idx").on(t.cardId),
  ],
);
