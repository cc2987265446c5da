import { randomUUID } from "node:crypto";
import { ACCESS_LOG_LIMIT, type AccessLog, type SignInFailure } from "@shared/security.schema";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { log } from "../../lib/log";
import { CLIENT_IP_HEADER } from "../../middleware/client-ip";
import { findUserIdByEmail } from "../auth/auth.queries";
import { signInEvents } from "./security.table";

/** The access log ('Segurança'): every sign-in attempt of an account, kept and shown to its owner. */

export type SignInAttempt = {
  email: string;
  /** Undefined: looked up by e-mail (null when no account has it). */
  userId?: string | null;
  success: boolean;
  failure?: SignInFailure | null;
  headers?: Headers | null;
};

/** One row of the access log. Never throws: a sign-in must not fail because its log did. */
export async function recordSignInAttempt(db: Db, attempt: SignInAttempt): Promise<void> {
  try {
    const email = attempt.email.trim().toLowerCase().slice(0, 254);
    let userId = attempt.userId;
    if (userId === undefined) userId = await findUserIdByEmail(db, email);
    await db.insert(signInEvents).values({
      id: randomUUID(),
      userId,
      email,
      success: attempt.success,
      failure: attempt.success ? null : (attempt.failure ?? "invalid_credentials"),
      ipAddress: attempt.headers?.get(CLIENT_IP_HEADER)?.slice(0, 100) ?? null,
      userAgent: attempt.headers?.get("user-agent")?.slice(0, 500) ?? null,
    });
  } catch (error) {
    log.error("Could not record a sign-in attempt", error);
  }
}

/** The user's own last sign-in attempts, newest first (never another user's). */
export async function listAccessLog(db: Db, userId: string): Promise<AccessLog> {
  const rows = await db
    .select({
      id: signInEvents.id,
      createdAt: signInEvents.createdAt,
      success: signInEvents.success,
      failure: signInEvents.failure,
      ipAddress: signInEvents.ipAddress,
      userAgent: signInEvents.userAgent,
    })
    .from(signInEvents)
    .where(eq(signInEvents.userId, userId))
    .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
    .limit(ACCESS_LOG_LIMIT);
  return { items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}
