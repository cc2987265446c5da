import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string; subject: string; text: string; html: string };

/** A real SMTP server on localhost that keeps what the app sends. */
export async function startMailServer() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const createServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed: ParsedMail) => {
            const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
            mails.push({
              to: to?.value[0]?.address ?? "",
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
            });
            for (const wake of waiters.splice(0)) wake();
            callback();
          })
          .catch(callback);
      },
    });
  const listen = (server: SMTPServer, port: number) =>
    new Promise<void>((resolve, reject) => {
      server.server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
  const close = (server: SMTPServer) =>
    new Promise<void>((resolve) => server.close(() => resolve()));

  let server: SMTPServer | null = createServer();
  await listen(server, 0);
  const port = (server.server.address() as { port: number }).port;

  /** Waits for an e-mail to `to` and returns the first link in it. */
  async function linkSentTo(to: string, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = mails.findLast((m) => m.to === to);
      const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
      if (link) return link;
      if (Date.now() > deadline) throw new Error(`No e-mail with a link reached ${to}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 500);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    linkSentTo,
    /** Stops listening (the app's sends are refused) until `start`. */
    async stop() {
      if (server) await close(server);
      server = null;
    },
    /** Listens again, on the same port. */
    async start() {
      if (server) return;
      server = createServer();
      await listen(server, port);
    },
    async close() {
      if (server) await close(server);
      server = null;
    },
  };
}
