// The configured price CSV files, re-read whenever one changes. Every round calls `refresh`:
// a file whose size and modification time are unchanged costs one stat(2); a changed one is
// read and hashed, and imported only when its content differs from the last import (a `touch`
// re-imports nothing). A file that cannot be read or has bad lines is reported once per
// version and skipped: the other files, the API source and the round go on.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { Logger } from '../../log.js';
import type { PriceRow } from '../../store/prices.js';
import type { Store } from '../../store/store.js';
import { parsePriceCsv } from './csv-import.js';

/** What one refresh imported: the rows of each file that changed (new or different values). */
export interface CsvRefresh {
  files: Array<{ file: string; rows: number }>;
  /** Rows that are new or whose price changed since the previous import of their file. */
  changed: PriceRow[];
}

interface Seen {
  /** size:mtime of the last look, or the error code when it could not be read. */
  stamp: string;
  /** Content hash of the last import (null before the first good one). */
  hash: string | null;
  /** The rows of the last import, keyed by asset|granularity|period, for the diff. */
  rows: Map<string, number>;
}

const key = (r: PriceRow): string => `${r.asset}|${r.granularity}|${r.period_ms}`;

export class PriceCsvFiles {
  private readonly seen = new Map<string, Seen>();

  constructor(
    private readonly files: readonly string[],
    private readonly logger?: Pick<Logger, 'info' | 'error'>,
  ) {}

  async refresh(store: Store): Promise<CsvRefresh> {
    const out: CsvRefresh = { files: [], changed: [] };
    for (const file of this.files) {
      const prev = this.seen.get(file) ?? { stamp: '', hash: null, rows: new Map<string, number>() };
      this.seen.set(file, prev);
      let stamp: string;
      let text: string;
      try {
        const st = await stat(file);
        stamp = `${st.size}:${st.mtimeMs}`;
        if (stamp === prev.stamp) continue;
        text = await readFile(file, 'utf8');
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code ?? String(err);
        if (prev.stamp !== code) this.logger?.error({ file, err: code }, 'price CSV cannot be read; using its last import until it can');
        prev.stamp = code;
        continue;
      }
      prev.stamp = stamp;
      const hash = createHash('sha256').update(text).digest('hex');
      if (hash === prev.hash) continue;
      let rows: PriceRow[];
      try {
        rows = parsePriceCsv(text, file);
      } catch (err) {
        // Logged once per version of the file: the stamp is recorded, so the next round skips it.
        this.logger?.error({ file, err: (err as Error).message }, 'price CSV rejected; using its last import until it is fixed');
        continue;
      }
      const changed = rows.filter((r) => prev.rows.get(key(r)) !== r.usd);
      await store.writePrices(changed);
      prev.hash = hash;
      prev.rows = new Map(rows.map((r) => [key(r), r.usd]));
      this.logger?.info({ file, rows: rows.length, changed: changed.length }, 'price CSV imported');
      out.files.push({ file, rows: changed.length });
      out.changed.push(...changed);
    }
    return out;
  }
}
