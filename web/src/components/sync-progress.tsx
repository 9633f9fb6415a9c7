// What the "being prepared" page shows while the first document set is built: each chain's
// ingestion progress from /healthz (blocks done of total, percent, ETA), read again every few
// seconds while the page is open. A server without /healthz (a static export) shows nothing.
import { useEffect, useState } from 'preact/hooks';

interface ChainProgress {
  origin_key: string;
  progress?: { state: string; blocks_done: number; blocks_total: number; percent: number | null; eta_seconds: number | null };
}

const REFRESH_MS = 5_000;

/** 45 s, 12 min 5 s, 3 h 20 min: the ETA as a person reads it. */
export function formatEta(s: number | null): string {
  if (s === null) return 'unknown';
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

async function readHealth(): Promise<ChainProgress[]> {
  const res = await fetch('/healthz', { headers: { Accept: 'application/json' } });
  // 503 before the first set is the answer we expect here; only its body matters.
  const body = (await res.json()) as { chains?: ChainProgress[] };
  return (body.chains ?? []).filter((c) => c.progress !== undefined);
}

export function SyncProgress() {
  const [chains, setChains] = useState<ChainProgress[]>([]);
  useEffect(() => {
    let live = true;
    const read = (): void => {
      readHealth().then(
        (c) => live && setChains(c),
        () => undefined,
      );
    };
    read();
    const timer = setInterval(read, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  if (chains.length === 0) return null;
  return (
    <div class="scroll">
      <table class="sync-progress">
        <caption>Ingestion progress (from /healthz)</caption>
        <thead>
          <tr>
            <th scope="col">Chain</th>
            <th scope="col">Progress</th>
            <th scope="col" class="num">Blocks</th>
            <th scope="col" class="num">Time left</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {chains.map(({ origin_key, progress: p }) => (
            <tr key={origin_key} data-chain={origin_key}>
              <td>{origin_key}</td>
              <td>
                <progress max={Math.max(1, p!.blocks_total)} value={p!.blocks_done} aria-label={`${origin_key} progress`} />{' '}
                <span data-field="percent">{p!.percent === null ? '–' : `${p!.percent.toFixed(1)} %`}</span>
              </td>
              <td class="num" data-field="blocks">
                {p!.blocks_done.toLocaleString('en-US')} of {p!.blocks_total.toLocaleString('en-US')}
              </td>
              <td class="num" data-field="eta">
                {formatEta(p!.eta_seconds)}
              </td>
              <td>{p!.state}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
