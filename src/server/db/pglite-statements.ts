import {
  PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
  types,
} from "@electric-sql/pglite";

/**
 * Named prepared statements on PGlite (decision 041). PGlite's `query` runs every statement as
 * the unnamed one, in six calls into its WebAssembly backend (Parse, Describe, Bind, Describe,
 * Execute, Sync), so the backend parses and plans the statement on every run. Its backend is
 * PostgreSQL's own main loop, one session for the whole process, which keeps a statement named in
 * Parse until the session ends (a rollback does not drop it). Here a statement is parsed and
 * described once per PGlite instance, then each run is one call: Bind, Execute, Sync in one
 * message, on the backend's cached plan, with the rows parsed by PGlite's own parsers.
 */

/** The PGlite a transaction handle belongs to: PGlite's transaction object does not say. */
const owners = new WeakMap<Transaction, PGlite>();

/** PGlite whose transactions say which PGlite they belong to (see `pgliteOf`). */
export class AppPglite extends PGlite {
  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => {
      owners.set(tx, this);
      return callback(tx);
    });
  }
}

/** The PGlite behind a Drizzle PGlite session's client (the database or a transaction), if any. */
export function pgliteOf(client: unknown): { lite: PGlite; tx: Transaction | null } | null {
  if (client instanceof PGlite) return { lite: client, tx: null };
  const lite = owners.get(client as Transaction);
  return lite ? { lite, tx: client as Transaction } : null;
}

type BackendMessage = Awaited<ReturnType<PGlite["execProtocol"]>>["messages"][number];

type Field = { name: string; dataTypeID: number };
type Prepared = { text: string; fields: Field[]; paramTypes: number[] };

/** Per PGlite instance (its backend session): the statements named so far. */
const prepared = new WeakMap<PGlite, Map<string, Prepared>>();

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * What Drizzle's PGlite prepared query calls `query` on, running `name` as a named statement on
 * `lite` (inside `tx` when given: its lock is already held, and the file system is synced at its
 * commit, as PGlite's own `tx.query` does).
 */
export function namedStatementClient(
  { lite, tx }: { lite: PGlite; tx: Transaction | null },
  name: string,
) {
  return {
    query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      if (tx?.closed) throw new Error("Transaction is closed");
      const run = () => lite.runExclusive(() => execute<T>(lite, !tx, name, text, params, options));
      // Outside a transaction: wait for any open one, as PGlite's `query` does.
      return tx ? run() : lite._runExclusiveTransaction(run);
    },
  };
}

async function execute<T>(
  lite: PGlite,
  sync: boolean,
  name: string,
  text: string,
  params: unknown[],
  options: QueryOptions | undefined,
): Promise<Results<T>> {
  if (!lite.ready) await lite.waitReady;
  try {
    const statement = await statementOf(lite, name, text);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[oid] ?? lite.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    const { messages } = await lite.execProtocol(
      concat([
        serialize.bind({ statement: name, values: values as string[] }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: sync },
    );
    return resultOf<T>(lite, statement, messages, options);
  } catch (error) {
    throw withQuery(error, text, params, options);
  }
}

/** The statement named `name` on this PGlite: parsed and described on its first run. */
async function statementOf(lite: PGlite, name: string, text: string): Promise<Prepared> {
  let named = prepared.get(lite);
  if (!named) {
    named = new Map();
    prepared.set(lite, named);
  }
  const known = named.get(name);
  if (known) {
    // As node-postgres refuses it: one name, one text.
    if (known.text !== text) throw new Error(`Prepared statement "${name}" has another text`);
    return known;
  }
  const { messages } = await lite.execProtocol(
    concat([
      serialize.parse({ name, text, types: [] }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ]),
    { syncToFs: false },
  );
  const statement: Prepared = {
    text,
    fields: (
      (messages.find((m) => m.name === "rowDescription") as { fields?: Field[] })?.fields ?? []
    ).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    paramTypes:
      (messages.find((m) => m.name === "parameterDescription") as { dataTypeIDs?: number[] })
        ?.dataTypeIDs ?? [],
  };
  named.set(name, statement);
  return statement;
}

/**
 * The rows as PGlite's `parseResults` gives them, each column's parser looked up once (that
 * function copies every parser PGlite knows into a new object on each query that brings its own).
 */
function resultOf<T>(
  lite: PGlite,
  statement: Prepared,
  messages: BackendMessage[],
  options: QueryOptions | undefined,
): Results<T> {
  const { fields } = statement;
  const parsers = fields.map(
    ({ dataTypeID: oid }) =>
      options?.parsers?.[oid] ?? lite.parsers[oid] ?? (types.parsers as Parsers)[oid],
  );
  const parseRow = (values: (string | null)[]) =>
    values.map((value, i) => {
      const parser = parsers[i];
      return value === null || !parser ? value : parser(value, fields[i]!.dataTypeID);
    });
  const rows: unknown[] = [];
  const result: Results<T> = { rows: rows as T[], fields, affectedRows: 0 };
  for (const message of messages) {
    if (message.name === "dataRow") {
      const values = parseRow((message as unknown as { fields: (string | null)[] }).fields);
      rows.push(
        options?.rowMode === "array"
          ? values
          : Object.fromEntries(fields.map((field, i) => [field.name, values[i]])),
      );
    } else if (message.name === "commandComplete") {
      const parts = (message as unknown as { text: string }).text.split(" ");
      const rowCount = Number.parseInt(parts.at(-1)!, 10);
      result.command = parts[0];
      if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(parts[0]!)) {
        result.affectedRows = rowCount;
      }
      if (!Number.isNaN(rowCount)) result.rowCount = rowCount;
    }
  }
  return result;
}

type Parsers = Record<number, ((value: string, oid: number) => unknown) | undefined>;

/** A database error carries its query, as PGlite's own `query` errors do. */
function withQuery(error: unknown, query: string, params: unknown[], options?: QueryOptions) {
  if (error instanceof Error && "severity" in error) {
    Object.assign(error, { query, params, queryOptions: options });
  }
  return error;
}
