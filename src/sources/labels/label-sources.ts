// The configured label sources, imported into the store. `refresh` runs every round: a file
// whose size and modification time are unchanged costs one stat(2); a URL is asked at most
// every `urlIntervalMs`, in the background (a slow label server never holds back a round: what
// it answered is imported by the first round after the answer arrived). When any source's
// content changed, all sources are merged again and
// the store's labels replaced (an import is the whole truth of its sources). A source that
// cannot be read keeps its last good rows; bad rows are logged once per version of a source.
import { SyncRecord } from '../sync-record.js';
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../log.js';
import type { LabelRow, LabelStore } from '../../store/labels.js';
import { fetchLabelUrl, publicUrl } from './fetch-label-url.js';
import { formatLabelIssue, validateLabelRecords, type LabelChain, type LabelIssue } from './label-rows.js';
import { mergeLabelBatches, type LabelBatch } from './merge-labels.js';
import { readOliRecords } from './oli-records.js';

export interface LabelSourceSettings {
  /** Absolute paths of OLI CSV or JSON files. */
  files: readonly string[];
  /** http(s) URLs of OLI CSV or JSON exports. */
  urls: readonly string[];
}

export interface LabelSourcesOptions extends LabelSourceSettings {
  chains: readonly LabelChain[];
  clock: Clock;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Minimum time between two reads of a URL. Default 1 hour. */
  urlIntervalMs?: number;
  urlTimeoutMs?: number;
  /** Largest answer read from a URL, bytes (default 64 MiB: max_answer_mb.labels). */
  maxAnswerBytes?: number;
}

interface SourceState {
  name: string;
  stamp: string;
  hash: string | null;
  batch: LabelBatch | null;
  lastFetch: number;
}

/** Parses one source's text into its batch and issues (no store, no I/O). */
export function parseLabelSource(text: string, name: string, chains: readonly LabelChain[]): { batch: LabelBatch; issues: LabelIssue[] } {
  const records = readOliRecords(text);
  const { rows, issues } = validateLabelRecords(records, name, chains);
  // Row numbers of the loaded rows, for merge messages: records minus the skipped ones.
  const skipped = new Set(issues.filter((i) => i.skipped).map((i) => i.row));
  const rowNumbers = records.filter((r) => !skipped.has(r.row)).map((r) => r.row);
  return { batch: { file: name, rows, rowNumbers }, issues };
}

export class LabelSources {
  private readonly files: SourceState[];
  private readonly urls: Array<SourceState & { url: string }>;
  private urlFetch: Promise<void> | null = null;
  /** Reads of the files and URLs (a read that finds the same content counts as good), for /metrics. */
  readonly record = new SyncRecord();
  /** A URL answered with new content since the last refresh. */
  private urlChanged = false;

  constructor(private readonly opts: LabelSourcesOptions) {
    const fresh = (name: string): SourceState => ({ name, stamp: '', hash: null, batch: null, lastFetch: -Infinity });
    this.files = opts.files.map((f) => fresh(f));
    this.urls = opts.urls.map((u) => ({ ...fresh(publicUrl(u)), url: u }));
  }

  get configured(): boolean {
    return this.files.length + this.urls.length > 0;
  }

  /** Imports again when a source changed; returns the rows written, or null when nothing changed. */
  async refresh(store: LabelStore, signal?: AbortSignal): Promise<LabelRow[] | null> {
    if (!this.configured) return null;
    let changed = false;
    for (const s of this.files) changed = (await this.readFileSource(s)) || changed;
    void this.fetchUrls(signal);
    changed = this.urlChanged || changed;
    this.urlChanged = false;
    if (!changed) return null;
    const merged = mergeLabelBatches([...this.files, ...this.urls].flatMap((s) => (s.batch ? [s.batch] : [])));
    for (const i of merged.issues) this.opts.logger?.warn({ file: i.file, row: i.row }, formatLabelIssue(i));
    await store.replaceLabels(merged.rows);
    this.opts.logger?.info({ labels: merged.rows.length }, 'labels imported');
    return merged.rows;
  }

  private async readFileSource(s: SourceState): Promise<boolean> {
    let text: string;
    try {
      const st = await stat(s.name);
      const stamp = `${st.size}:${st.mtimeMs}`;
      if (stamp === s.stamp) {
        this.record.succeeded(this.opts.clock.now());
        return false;
      }
      s.stamp = stamp;
      text = await readFile(s.name, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? String(err);
      if (s.stamp !== code) {
        this.opts.logger?.error({ file: s.name, err: code }, 'label file cannot be read; using its last import until it can');
        this.record.failed();
      }
      s.stamp = code;
      return false;
    }
    return this.accept(s, text);
  }

  /** The URL reads in flight, if any (tests and shutdown wait for them). */
  get pending(): Promise<void> | null {
    return this.urlFetch;
  }

  /**
   * Starts reading the URLs that are due (none in flight); resolves when those reads end, and
   * the next `refresh` imports what they brought. Never rejects.
   */
  fetchUrls(signal?: AbortSignal): Promise<void> {
    if (this.urlFetch) return this.urlFetch;
    if (this.urls.length === 0 || signal?.aborted) return Promise.resolve();
    const due = this.urls.filter((s) => this.opts.clock.now() - s.lastFetch >= (this.opts.urlIntervalMs ?? 3_600_000));
    if (due.length === 0) return Promise.resolve();
    return (this.urlFetch = (async () => {
      for (const s of due) if (await this.readUrlSource(s, signal).catch(() => false)) this.urlChanged = true;
    })().finally(() => {
      this.urlFetch = null;
    }));
  }

  private async readUrlSource(s: SourceState & { url: string }, signal?: AbortSignal): Promise<boolean> {
    s.lastFetch = this.opts.clock.now();
    let text: string;
    try {
      text = await fetchLabelUrl(s.url, { timeoutMs: this.opts.urlTimeoutMs, maxBytes: this.opts.maxAnswerBytes, signal });
    } catch (err) {
      if (signal?.aborted) throw err;
      this.record.failed();
      this.opts.logger?.error({ url: s.name, err: (err as Error).message }, 'label URL cannot be read; using its last import until it can');
      return false;
    }
    return this.accept(s, text);
  }

  /** Parses a source's new text; false when the content is what was imported last time. */
  private accept(s: SourceState, text: string): boolean {
    const hash = createHash('sha256').update(text).digest('hex');
    if (hash === s.hash) {
      this.record.succeeded(this.opts.clock.now());
      return false;
    }
    let parsed;
    try {
      parsed = parseLabelSource(text, s.name, this.opts.chains);
    } catch (err) {
      this.opts.logger?.error({ file: s.name, err: (err as Error).message }, 'label source rejected; using its last import until it is fixed');
      this.record.failed();
      s.hash = hash;
      return false;
    }
    for (const i of parsed.issues) this.opts.logger?.warn({ file: i.file, row: i.row }, formatLabelIssue(i));
    s.hash = hash;
    s.batch = parsed.batch;
    this.record.succeeded(this.opts.clock.now());
    return true;
  }
}
