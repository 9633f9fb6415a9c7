// One node's HTTP interface through the official client, with what every statement needs:
// the database, quoted 64-bit integers and decimals (the default differs across ClickHouse
// versions, and a wei amount must never pass through a double), foreground inserts into
// Distributed tables (an insert returns once every shard holds its rows), retries of network
// failures (every statement is idempotent: see schema.ts), and errors that name the node.
// The password goes to the client only. A node's error text is quoted as a short excerpt with
// the password, user:password and their encodings removed: a proxy's 401 page in front of a node
// may echo the request headers, Authorization: Basic <base64 of user:password> included.
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createClient, type ClickHouseClient } from '@clickhouse/client';
import { systemClock, type Clock } from '../../clock.js';
import { REDACTED, registerCredentials } from '../../log/secrets.js';
import { upstreamExcerpt } from '../../log/upstream-excerpt.js';
import { systemSleep, type Sleep } from '../../timers.js';
import { StorageFaultError, storageFaultKind } from '../storage-fault.js';
import type { Row, SqlRunner } from './sql-runner.js';

export interface NodeAddress {
  /** http(s)://host:port, without credentials. */
  url: string;
  user: string;
  password: string | null;
  database: string;
}

const SETTINGS = {
  output_format_json_quote_64bit_integers: 1,
  output_format_json_quote_decimals: 1,
  output_format_json_quote_64bit_floats: 0,
  // Doubles read from text (JSON rows, literals) round exactly as DuckDB's and JavaScript's do.
  precise_float_parsing: 1,
  // Statements carry their period lists and the money step's prices as literals.
  max_query_size: String(64 * 1024 * 1024),
  max_ast_elements: String(10_000_000),
  max_expanded_ast_elements: String(10_000_000),
  distributed_foreground_insert: 1,
  // A FINAL read filters on the sorting key's columns before it merges the rows of a key (those
  // columns are the same in every version of a key, so no version is lost): a chain's contract
  // facts of one hour are merged alone, not with every other period of every contract.
  optimize_move_to_prewhere_if_final: 1,
  // Reads of Distributed tables use FINAL on every shard; a stopped shard is an error, never a
  // silently partial answer.
  skip_unavailable_shards: 0,
  // A null where a column takes none is an error, never silently the column's default.
  input_format_null_as_default: 0,
} as const;

/** Failures worth a retry: the node or a shard could not be reached, or the connection broke. */
const TRANSIENT = /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|socket hang up|Timeout error|NETWORK_ERROR|ALL_CONNECTION_TRIES_FAILED|SOCKET_TIMEOUT|Connection refused|Connection reset|other side closed/i;

export class StoreUnavailableError extends Error {}

/**
 * A version counter: milliseconds since 2020 × 1024 plus a sequence, always increasing within a
 * process. Across processes (a restarted ingester, a second builder) only time keeps versions
 * increasing, so `nowMs` is the machine's real time: never the service's clock, which a
 * reproducible build freezes.
 */
let lastVersion = 0;
export function nextVersion(nowMs: number): number {
  lastVersion = Math.max(lastVersion + 1, (nowMs - Date.UTC(2020, 0, 1)) * 1024);
  return lastVersion;
}

/** What a connection waits and versions with; tests inject both (the defaults are the real ones). */
export interface ConnectionRuntime {
  /** The pause between retries of a transient failure (delayMs, then doubling). */
  sleep?: Sleep;
  /** Real time for row versions (see nextVersion). */
  versionClock?: Clock;
  retry?: { attempts: number; delayMs: number };
}

export class NodeConnection implements SqlRunner {
  private readonly client: ClickHouseClient;
  /** host:port for messages. */
  readonly label: string;

  private readonly retry: { attempts: number; delayMs: number };
  private readonly sleep: Sleep;
  private readonly versionClock: Clock;

  constructor(
    readonly node: NodeAddress,
    runtime: ConnectionRuntime = {},
  ) {
    this.retry = runtime.retry ?? { attempts: 4, delayMs: 250 };
    this.sleep = runtime.sleep ?? systemSleep;
    this.versionClock = runtime.versionClock ?? systemClock;
    const u = new URL(node.url);
    this.label = `ClickHouse node ${u.host}`;
    // Also when the store is opened without the config loader (which registers the password too).
    registerCredentials(node.user, node.password);
    this.client = createClient({
      url: node.url,
      username: node.user,
      password: node.password ?? '',
      database: node.database,
      clickhouse_settings: SETTINGS,
      request_timeout: 300_000,
      log: { level: 127 },
    });
  }

  /** Runs `fn`, retrying transient failures; the final error names this node and the statement's kind. */
  private async attempt<T>(what: string, fn: () => Promise<T>): Promise<T> {
    let last: unknown;
    for (let i = 0; i < this.retry.attempts; i++) {
      try {
        return await fn();
      } catch (err) {
        last = err;
        if (!TRANSIENT.test(String((err as Error)?.message ?? err)) && !TRANSIENT.test(String((err as NodeJS.ErrnoException)?.code ?? ''))) break;
        if (i + 1 < this.retry.attempts) await this.sleep(this.retry.delayMs * 2 ** i);
      }
    }
    const raw = String((last as Error)?.message ?? last);
    const code = (last as NodeJS.ErrnoException)?.code;
    const transient = TRANSIENT.test(raw) || (code !== undefined && TRANSIENT.test(code));
    // The first line only: ClickHouse appends the server's stack trace after it. The registry
    // skips passwords under 6 characters; in this node's own messages every length is cut.
    const firstLine = raw.split('\n')[0]!;
    const msg = upstreamExcerpt(this.node.password ? firstLine.split(this.node.password).join(REDACTED) : firstLine, 500);
    // A full disk on a node is the operator's to fix, like DuckDB's: the same error and remedy.
    const fault = storageFaultKind(last);
    if (fault) throw new StorageFaultError(fault, `${this.label} (${what})`, msg);
    const text = `${this.label} (${what}): ${code && !msg.includes(code) ? `${code} ` : ''}${msg}`;
    throw transient ? new StoreUnavailableError(text) : new Error(text);
  }

  async all<T extends Row = Row>(sql: string): Promise<T[]> {
    return this.attempt('query', async () => {
      const rs = await this.client.query({ query: sql, format: 'JSONEachRow' });
      return (await rs.json()) as T[];
    });
  }

  async each(sql: string, restart: () => void, row: (values: unknown[]) => void): Promise<void> {
    let started = false;
    await this.attempt('query', async () => {
      if (started) restart();
      started = true;
      const rs = await this.client.query({ query: sql, format: 'JSONCompactEachRow' });
      for await (const rows of rs.stream<unknown[]>()) for (const r of rows) row(r.json<unknown[]>());
    });
  }

  async run(sql: string): Promise<void> {
    await this.attempt('statement', () => this.client.command({ query: sql }));
  }

  async insert(table: string, rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return;
    const CHUNK = 50_000;
    for (let i = 0; i < rows.length; i += CHUNK) {
      const values = rows.slice(i, i + CHUNK) as Row[];
      await this.attempt(`insert into ${table}`, () => this.client.insert({ table, values, format: 'JSONEachRow' }));
    }
  }

  /**
   * Rows already in RowBinary (row-binary.ts) into `table` (columns named as encoded), as one
   * INSERT streamed from `chunks`. The client's insert() takes no binary format, so this is an
   * INSERT … FORMAT RowBinary with the body as its data; a retry sends the same chunks again.
   */
  async insertBinary(table: string, columns: string, chunks: readonly Buffer[]): Promise<void> {
    if (chunks.length === 0) return;
    await this.attempt(`insert into ${table}`, async () => {
      const res = await this.client.exec({ query: `INSERT INTO ${table} (${columns}) FORMAT RowBinary`, values: Readable.from(chunks) });
      // The answer comes once the insert is done; its (empty) body is read so the socket is reused.
      res.stream.resume();
      await finished(res.stream);
    });
  }

  version(): number {
    return nextVersion(this.versionClock.now());
  }

  async ping(): Promise<void> {
    await this.attempt('ping', async () => {
      const r = await this.client.ping();
      if (!r.success) throw r.error;
    });
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
