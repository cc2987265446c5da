/**
 * The HTTP side of `npm run bench`, run in a child process so the server's event loop serves only
 * requests, as it would for real clients. Each virtual client holds one keep-alive connection and
 * sends its next request when the previous answer has been read (a closed loop).
 *
 * The client shares the machine's two cores with the server and PostgreSQL, so it is kept lean, as
 * wrk or autocannon are: each request's bytes are built once, and the answers are parsed only for
 * their status and length (Content-Length or chunked), which node:http's client does at several
 * times the CPU cost.
 */
import { connect, type Socket } from "node:net";

export type ClientJob = {
  port: number;
  /** One request path per virtual client. */
  paths: string[];
  headers: Record<string, string>;
  body: string;
  /** One body per virtual client instead of `body` (e.g. each its own member). */
  bodies?: string[];
  /**
   * A header sent with a value of its own on every request (the public API's Idempotency-Key):
   * a fixed-width counter written into the prepared bytes, so no request is a replay.
   */
  uniqueHeader?: string;
  expectStatus: number;
  seconds: number;
  /**
   * Open loop: requests per second sent at fixed times, whatever the answers do (each waits for a
   * free connection of `paths`' when all are busy; its latency counts from the time it was due, so
   * a queue shows). Unset: a closed loop, each client sending when its last answer arrived.
   */
  rate?: number;
};
export type ClientResult = {
  latencies: Float64Array;
  errors: number;
  elapsed: number;
  /** CPU time this process spent on the measured run (user + system), in ms. */
  cpuMs: number;
};

const HEADER_END = Buffer.from("\r\n\r\n");

/** A keep-alive HTTP/1.1 connection sending one prepared request at a time. */
class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private pending: ((status: number) => void) | null = null;
  private failed: ((error: Error) => void) | null = null;

  private sent = 0;

  private constructor(
    private readonly socket: Socket,
    private readonly request: Buffer,
    /** Where the unique header's counter sits in `request` (-1: none). */
    private readonly counterAt: number,
  ) {
    socket.setNoDelay(true);
    socket.on("data", (chunk) => this.onData(chunk));
    const fail = (error: Error) => {
      this.failed?.(error);
      this.pending = null;
      this.failed = null;
    };
    socket.on("error", fail);
    socket.on("close", () => fail(new Error("connection closed")));
  }

  static open(port: number, request: Buffer, counterAt = -1): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () =>
        resolve(new Connection(socket, request, counterAt)),
      );
      socket.once("error", reject);
    });
  }

  /** Sends the request; resolves with the answer's status once its whole body has arrived. */
  send(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.pending = resolve;
      this.failed = reject;
      if (this.counterAt >= 0) {
        this.request.write(String(this.sent++).padStart(COUNTER_WIDTH, "0"), this.counterAt);
      }
      this.socket.write(this.request);
    });
  }

  close() {
    this.socket.destroy();
  }

  private onData(chunk: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    const headEnd = this.buffer.indexOf(HEADER_END);
    if (headEnd < 0) return;
    const head = this.buffer.toString("latin1", 0, headEnd);
    const status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    let end: number;
    if (length) {
      end = headEnd + 4 + Number(length[1]);
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      end = chunkedEnd(this.buffer, headEnd + 4);
      if (end < 0) return;
    } else {
      end = headEnd + 4; // e.g. 204: no body
    }
    if (this.buffer.length < end) return;
    this.buffer = this.buffer.subarray(end);
    const resolve = this.pending;
    this.pending = null;
    this.failed = null;
    resolve?.(status);
  }
}

/** Where a chunked body starting at `from` ends, or -1 when it has not all arrived yet. */
function chunkedEnd(buffer: Buffer, from: number): number {
  let at = from;
  for (;;) {
    const lineEnd = buffer.indexOf("\r\n", at);
    if (lineEnd < 0) return -1;
    const size = Number.parseInt(buffer.toString("latin1", at, lineEnd), 16);
    at = lineEnd + 2 + size + 2;
    if (at > buffer.length) return -1;
    if (size === 0) return at;
  }
}

const COUNTER_WIDTH = 12;
const COUNTER_MARK = "#".repeat(COUNTER_WIDTH);
/** This run's own prefix: each job is a new process, and no key of an earlier run comes back. */
const RUN = `${process.pid}-${Date.now()}`;

/** The request's bytes and where the unique header's counter goes in them (-1: none). */
function requestBytes(job: ClientJob, path: string, index: number): [Buffer, number] {
  const body = job.bodies?.[index] ?? job.body;
  const headers = {
    host: `127.0.0.1:${job.port}`,
    connection: "keep-alive",
    ...job.headers,
    ...(job.uniqueHeader ? { [job.uniqueHeader]: `bench-${RUN}-${index}-${COUNTER_MARK}` } : {}),
    "content-length": String(Buffer.byteLength(body)),
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  const bytes = Buffer.from(`POST ${path} HTTP/1.1\r\n${head}\r\n${body}`);
  return [bytes, job.uniqueHeader ? bytes.indexOf(COUNTER_MARK) : -1];
}

async function run(job: ClientJob): Promise<ClientResult> {
  const connections = await Promise.all(
    job.paths.map((path, index) => Connection.open(job.port, ...requestBytes(job, path, index))),
  );
  if (job.rate) return runOpen(job, connections, job.rate);
  const latencies: number[] = [];
  let errors = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + job.seconds * 1000;
  await Promise.all(
    connections.map(async (connection) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const status = await connection.send().catch(() => 0);
        latencies.push(performance.now() - t0);
        if (status !== job.expectStatus) errors++;
        if (status === 0) return; // the connection is gone
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  for (const connection of connections) connection.close();
  return {
    latencies: Float64Array.from(latencies),
    errors,
    elapsed,
    cpuMs: (used.user + used.system) / 1000,
  };
}

/** The open loop: request i is due at start + i / rate and goes out on the next free connection. */
async function runOpen(job: ClientJob, connections: Connection[], rate: number) {
  const latencies: number[] = [];
  let errors = 0;
  const idle = [...connections];
  const waiting: number[] = []; // due times of requests with no free connection yet
  const cpu = process.cpuUsage();
  const started = performance.now();
  const total = Math.floor(rate * job.seconds);
  let sent = 0;
  let done = 0;
  await new Promise<void>((finish) => {
    const dispatch = (connection: Connection, due: number) => {
      connection.send().then(
        (status) => complete(connection, due, status),
        () => complete(connection, due, 0),
      );
    };
    const complete = (connection: Connection, due: number, status: number) => {
      latencies.push(performance.now() - due);
      if (status !== job.expectStatus) errors++;
      done++;
      const next = waiting.shift();
      if (next !== undefined) dispatch(connection, next);
      else idle.push(connection);
      if (done === total) finish();
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + (sent * 1000) / rate <= now) {
        const due = started + (sent * 1000) / rate;
        sent++;
        const connection = idle.pop();
        if (connection) dispatch(connection, due);
        else waiting.push(due);
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  const elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  for (const connection of connections) connection.close();
  return {
    latencies: Float64Array.from(latencies),
    errors,
    elapsed,
    cpuMs: (used.user + used.system) / 1000,
  };
}

// Forked by scripts/bench.ts: one job in, its result out, then exit.
process.once("message", async (job: ClientJob) => {
  const result = await run(job);
  process.send?.(result, () => process.exit(0));
});
