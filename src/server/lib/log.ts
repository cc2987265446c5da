/**
 * The server's one logger (issue 34, LGPD: less personal data where nothing needs it). Every line
 * the server prints goes through here and through one redaction list, the same idea as pino's
 * `redact`: no e-mail address, phone number, CPF or CNPJ, failed statement's parameters, token in a link or
 * path, Authorization header or cookie reaches the log. An entry is one line (its newlines folded
 * into " | "), written with console.info (stdout) or console.warn / console.error (stderr): no
 * timestamp or level prefix, the process manager adds its own.
 */

export const REDACTED = "[redacted]";

/** Object keys whose values are never printed, whatever they hold (lowercased, no `_` or `-`). */
export const REDACTED_KEYS: ReadonlySet<string> = new Set([
  "authorization",
  "cookie",
  "setcookie",
  "password",
  "token",
  "accesstoken",
  "refreshtoken",
  "secret",
  "apikey",
  "email",
  "phone",
  "whatsapp",
  "cpfcnpj",
  "params",
  "parameters",
  "detail",
  "ipaddress",
]);

/**
 * What is taken out of every text, in order: [what it is, pattern, replacement]. Links and headers
 * first (a token can look like anything), then the shapes of personal data.
 */
export const REDACTIONS: readonly (readonly [string, RegExp, string])[] = [
  // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <the values>".
  [
    "failed statement's parameters",
    /(\bFailed query: [\s\S]*?\bparams:)(?! \[redacted\])[\s\S]*/g,
    `$1 ${REDACTED}`,
  ],
  // PostgreSQL's detail: "Key (email)=(ana@x.com) already exists.", "Failing row contains (…)".
  [
    "key values in a database error",
    /(\bKey \(.*?\)=)\(.*?\)(?= already exists| is not present| conflicts with|\.?$)/gm,
    `$1(${REDACTED})`,
  ],
  ["row in a database error", /(\bFailing row contains )\(.*\)/g, `$1(${REDACTED})`],
  [
    "Authorization header",
    /(\bauthorization["']?\s*[:=]\s*["']?)[^\s"',}]+(?:\s+[^\s"',}]+)?/gi,
    `$1${REDACTED}`,
  ],
  ["credentials scheme", /\b(Bearer|Basic|ApplePass)\s+[\w.~+/=-]+/g, `$1 ${REDACTED}`],
  ["cookie header", /(\b(?:set-)?cookie["']?\s*[:=]\s*["']?)[^\n"]*/gi, `$1${REDACTED}`],
  ["session cookie", /\b([\w.-]*session[\w.-]*=)[^;\s&"']+/gi, `$1${REDACTED}`],
  [
    "token in a query",
    /([?&;](?:[\w.]*token|codigo|code|key|secret|signature|sig|password|otp)=)[^&\s#"'<>]*/gi,
    `$1${REDACTED}`,
  ],
  [
    "token in a path",
    /(\/(?:reset-password|verify-email|redefinir-senha|convite|descadastrar)\/)[^/?#\s"'<>]+/gi,
    `$1${REDACTED}`,
  ],
  ["user and password in a URL", /(\/\/)[^/@\s:]+:[^/@\s]*@/g, `$1${REDACTED}@`],
  ["signed token (JWT)", /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, REDACTED],
  ["API key", /\bcb_(?:live|test)_\w+/g, `cb_${REDACTED}`],
  [
    "CPF or CNPJ",
    /(?<![\w./-])(?:\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}|\d{14})(?![\w-])/g,
    "[cpf/cnpj]",
  ],
  ["e-mail address", /[\w.%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi, "[email]"],
  [
    "phone number",
    /(?<![\w/.:-])(?:\+?55[\s.-]?)?\(?\d{2}\)?[\s.-]?9?\d{4}[\s.-]?\d{4}(?![\w-])/g,
    "[phone]",
  ],
];

/** `text` with every item of the redaction list taken out. */
export function redact(text: string): string {
  let out = text;
  for (const [, pattern, replacement] of REDACTIONS) out = out.replace(pattern, replacement);
  return out;
}

const keyOf = (key: string) => key.toLowerCase().replace(/[_-]/g, "");
const MAX_STACK_FRAMES = 8;

/** A value as text, with the listed keys' values left out (JSON, circular references cut). */
function describeValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return describeError(value, 0);
  if (typeof value !== "object" || value === null) return String(value);
  const seen = new WeakSet<object>();
  try {
    return JSON.stringify(value, (key, v: unknown) => {
      if (key !== "" && REDACTED_KEYS.has(keyOf(key))) return REDACTED;
      if (v instanceof Error) return describeError(v, 0);
      if (typeof v === "object" && v !== null) {
        if (seen.has(v)) return "[circular]";
        seen.add(v);
      }
      return typeof v === "bigint" ? v.toString() : v;
    });
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * An error as its name, message, the database's safe fields (code, table, constraint: never the
 * statement's parameters nor the values of `detail`), its stack's frames and its cause.
 */
function describeError(error: Error, depth: number): string {
  const fields = error as Error & Record<string, unknown>;
  // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <the values, maybe with newlines>".
  const message = error.message.replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`);
  const parts = [`${error.name}: ${message}`];
  const known = ["code", "severity", "table", "column", "constraint", "routine"]
    .filter((k) => typeof fields[k] === "string" || typeof fields[k] === "number")
    .map((k) => `${k}=${String(fields[k])}`);
  if (typeof fields.detail === "string") known.push(`detail=${redactDetail(fields.detail)}`);
  if (known.length > 0) parts.push(`(${known.join(", ")})`);
  const frames = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_STACK_FRAMES)
    .map((line) => line.trim());
  if (frames.length > 0) parts.push(frames.join(" | "));
  if (error.cause !== undefined && depth < 3) {
    const cause =
      error.cause instanceof Error
        ? describeError(error.cause, depth + 1)
        : describeValue(error.cause);
    parts.push(`cause: ${cause}`);
  }
  return parts.join(" ");
}

/** A database error's detail keeps its shape ("Key (email)=(…) already exists."), not its values. */
function redactDetail(detail: string): string {
  const key = detail.match(/^Key \((.*?)\)=\(.*\) ([^()]*)$/s);
  return key ? `Key (${key[1]})=(${REDACTED}) ${key[2]}` : REDACTED;
}

/** One log entry: the arguments joined by spaces, redacted, on one line. */
export function formatEntry(args: readonly unknown[]): string {
  const text = args.map(describeValue).join(" ");
  return redact(text)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .join(" | ");
}

export type Log = {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
};

/** The server's logger; pass it where a `Pick<Console, …>` is taken. */
export const log: Log = {
  info: (...args) => console.info(formatEntry(args)),
  warn: (...args) => console.warn(formatEntry(args)),
  error: (...args) => console.error(formatEntry(args)),
};
