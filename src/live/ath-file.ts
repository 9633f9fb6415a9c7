// The all-time highs survive restarts (CONTRACT.md 12.6): a small JSON file in data_dir, written
// whole to a temporary name and renamed, so a crash leaves the previous file or the new one. The live
// state writes it at most every 10 s while highs move, and at shutdown.
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { High } from './highs.js';

export interface StoredHighs {
  total: High | null;
  chains: Record<string, High>;
}

export const ATH_FILE = 'live-ath.json';

/** The stored highs; none when the file is missing or unreadable (highs then start over). */
export async function readStoredHighs(path: string): Promise<StoredHighs> {
  try {
    const raw = JSON.parse(await readFile(path, 'utf8')) as Partial<StoredHighs>;
    const chains: Record<string, High> = {};
    for (const [k, h] of Object.entries(raw.chains ?? {})) if (isHigh(h)) chains[k] = h;
    return { total: isHigh(raw.total) ? raw.total : null, chains };
  } catch {
    return { total: null, chains: {} };
  }
}

function isHigh(h: unknown): h is High {
  const v = h as High | null | undefined;
  return typeof v?.value === 'number' && Number.isFinite(v.value) && typeof v.at_ms === 'number' && Number.isFinite(v.at_ms);
}

/** Writes the highs file, one write at a time (a write asked during one follows it). */
export class AthFile {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly path: string,
    /** Told of a failed write (the highs stay in memory and the next write tries again). */
    private readonly onError: (err: Error) => void = () => undefined,
  ) {}

  write(highs: StoredHighs): Promise<void> {
    const tmp = `${this.path}.tmp`;
    const text = JSON.stringify(highs);
    this.chain = this.chain.then(() => writeFile(tmp, text).then(() => rename(tmp, this.path))).catch((err: Error) => this.onError(err));
    return this.chain;
  }

  /** Resolves when every write asked so far has finished. */
  settled(): Promise<void> {
    return this.chain;
  }
}
