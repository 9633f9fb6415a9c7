// Makes a DuckDB COMMIT fail as DuckDB's does when it cannot write (the transaction is rolled
// back and the statement throws), without touching the store's code: the connection's `run`,
// shared by every connection of the process, is wrapped until vi.restoreAllMocks().
import { DuckDBConnection } from '@duckdb/node-api';
import { vi } from 'vitest';

/** The COMMIT after `skip` more commits fails, once. */
export function failCommit(skip = 0): void {
  const run = DuckDBConnection.prototype.run;
  let left = skip;
  let armed = true;
  vi.spyOn(DuckDBConnection.prototype, 'run').mockImplementation(async function (this: DuckDBConnection, sql, ...rest) {
    if (armed && sql === 'COMMIT' && left-- === 0) {
      armed = false;
      await run.call(this, 'ROLLBACK');
      throw new Error('injected: could not write the commit');
    }
    return run.call(this, sql, ...rest);
  });
}
