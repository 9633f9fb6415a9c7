// The statements of every ClickHouse store method except writeBatch's group go through this runner,
// which sends writeBatch's open group (write-group.ts) before each: so every method sees every
// batch written before it, and none can forget to, including SQL added later.
import type { Row, SqlRunner } from './sql-runner.js';

export class FlushFirst implements SqlRunner {
  constructor(
    private readonly inner: SqlRunner,
    private readonly flush: () => Promise<void>,
  ) {}

  async all<T extends Row = Row>(sql: string): Promise<T[]> {
    await this.flush();
    return this.inner.all<T>(sql);
  }

  async each(sql: string, restart: () => void, row: (values: unknown[]) => void): Promise<void> {
    await this.flush();
    return this.inner.each(sql, restart, row);
  }

  async run(sql: string): Promise<void> {
    await this.flush();
    return this.inner.run(sql);
  }

  async insert(table: string, rows: readonly Row[]): Promise<void> {
    await this.flush();
    return this.inner.insert(table, rows);
  }

  version(): number {
    return this.inner.version();
  }
}
