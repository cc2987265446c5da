/**
 * The e-mail outbox (decision 010, "E-mail outbox on the same queue"): every e-mail is a
 * `send-email` job, written with `queueEmail` through the caller's transaction handle (it exists
 * only if the change that causes it commits) and sent by the job's worker through the app's mailer
 * (SMTP, or the dev mailbox without SMTP_URL). A failing SMTP server fails the run: pg-boss retries
 * it with backoff (about 1.5 to 3 hours in all), then moves it to the dead-letter queue counted on
 * /api/health.
 */
import PgBoss from "pg-boss";
import type { Db } from "../../db/client";
import { log as serverLog } from "../../lib/log";
import { drizzleJobConnection } from "../jobs/job-db";
import { enqueueJob, enqueueJobs, type JobDefinition, jobFailureLine } from "../jobs/jobs.service";
import { type Logger, type Mail, type Mailer, SMTP_POOL_CONNECTIONS } from "./mail.service";

export const SEND_EMAIL_JOB = "send-email";

/**
 * Puts `mail` in the outbox through `tx` (a transaction's handle, or the database where a
 * library callback gives no transaction): the worker sends it within about a second. Answers the
 * job's id.
 */
export async function queueEmail(tx: Pick<Db, "execute">, mail: Mail): Promise<string | null> {
  const { to, subject, html, text, headers } = mail;
  return enqueueJob(tx, SEND_EMAIL_JOB, {
    to,
    subject,
    html,
    text,
    ...(headers ? { headers } : {}),
  });
}

/** Puts many e-mails in the outbox through `tx` in one statement (an import's invitations). */
export async function queueEmails(tx: Pick<Db, "execute">, mails: readonly Mail[]): Promise<void> {
  await enqueueJobs(
    tx,
    SEND_EMAIL_JOB,
    mails.map(({ to, subject, html, text, headers }) => ({
      to,
      subject,
      html,
      text,
      ...(headers ? { headers } : {}),
    })),
  );
}

/** Only string headers (List-Unsubscribe and the like) are passed on. */
const isHeaders = (value: unknown): value is Record<string, string> =>
  typeof value === "object" &&
  value !== null &&
  Object.values(value).every((v) => typeof v === "string");

function toMail(data: unknown): Mail {
  const { to, subject, html, text, headers } = (data ?? {}) as Partial<Mail>;
  if (![to, subject, html, text].every((v) => typeof v === "string")) {
    throw new Error("send-email: the job's data is not an e-mail");
  }
  const mail: Mail = { to: to!, subject: subject!, html: html!, text: text! };
  return isHeaders(headers) ? { ...mail, headers } : mail;
}

/** Sends one outbox e-mail; a throw (SMTP down) fails the run, which is retried. */
const deliver = (mailer: Mailer, data: unknown) => mailer.send(toMail(data));

/** E-mails the test drain takes from the outbox at once and sends side by side. */
const DRAIN_BATCH = 10;

/**
 * The worker's job: one e-mail per run, SMTP_POOL_CONNECTIONS runs side by side, each worker taking
 * the next e-mail as soon as it has sent one (jobs.service.ts), so a backlog (300 birthday e-mails)
 * goes out at SMTP speed, not one a polling interval.
 */
export const sendEmailJob: JobDefinition<{ db: Db; mailer: Mailer }> = {
  name: SEND_EMAIL_JOB,
  concurrency: SMTP_POOL_CONNECTIONS,
  handler: async ({ mailer }, _now, data) => {
    await deliver(mailer, data);
    // Nothing of the e-mail is stored with the finished job.
    return null;
  },
  // 5 s, then doubled with jitter: 10 retries span about 1.5 to 3 hours of SMTP outage.
  retryLimit: 10,
  retryDelaySeconds: 5,
  expireInSeconds: 5 * 60,
  // E-mails arrive within about a second (links the person is waiting for).
  pollingIntervalSeconds: 1,
};

const drainers = new WeakMap<object, PgBoss>();

/**
 * Sends, in this call, every e-mail waiting in the outbox now (a failure counts as a failed run,
 * retried later like the worker's). The worker does this in the app; the API tests call it after
 * each request so that the e-mail a request caused is there when the request answers.
 */
export async function sendQueuedEmails(db: Db, mailer: Mailer, log: Logger = serverLog) {
  let boss = drainers.get(db);
  if (!boss) {
    boss = new PgBoss({
      db: drizzleJobConnection(db),
      schedule: false,
      supervise: false,
      migrate: false,
    });
    drainers.set(db, boss);
  }
  let sent = 0;
  for (;;) {
    const jobs = await boss.fetch<unknown>(SEND_EMAIL_JOB, {
      batchSize: DRAIN_BATCH,
      includeMetadata: true,
    });
    if (jobs.length === 0) break;
    const results = await Promise.allSettled(jobs.map((job) => deliver(mailer, job.data)));
    const done = jobs.filter((_, i) => results[i]?.status === "fulfilled").map((job) => job.id);
    if (done.length > 0) await boss.complete(SEND_EMAIL_JOB, done);
    sent += done.length;
    for (const [i, result] of results.entries()) {
      if (result.status === "fulfilled") continue;
      const job = jobs[i]!;
      const message =
        result.reason instanceof Error ? result.reason.message : String(result.reason);
      log.error(jobFailureLine(SEND_EMAIL_JOB, job, result.reason));
      await boss.fail(SEND_EMAIL_JOB, job.id, { message });
    }
  }
  return sent;
}
