// The application metadata tables (store/labels.ts): OLI label rows, the project directory
// and token market data. Labels and projects are replaced whole by each import (the old rows
// get tombstones, the new ones a newer version); market days are upserted.
import type { LabelRow, MarketRow, ProjectRow } from '../labels.js';
import { deleteWhere, putRows } from './replacing.js';
import type { SqlRunner } from './sql-runner.js';
import { stringList } from './sql-text.js';

export async function replaceLabels(db: SqlRunner, rows: readonly LabelRow[]): Promise<void> {
  await deleteWhere(db, 'labels', '1');
  await putRows(db, 'labels', rows.map((r) => ({ ...r })));
}

export async function readLabels(db: SqlRunner): Promise<LabelRow[]> {
  const rows = await db.all<{ origin_key: string; address: string; contract_name: string | null; owner_project: string | null; usage_category: string | null; verified: boolean | null }>(
    'SELECT origin_key, address, contract_name, owner_project, usage_category, verified FROM labels FINAL ORDER BY origin_key, address',
  );
  return rows.map((r) => ({ ...r }));
}

export async function replaceProjects(db: SqlRunner, rows: readonly ProjectRow[]): Promise<void> {
  await deleteWhere(db, 'projects', '1');
  await putRows(db, 'projects', rows.map((p) => ({ ...p, features: JSON.stringify(p.features) })));
}

export async function readProjects(db: SqlRunner): Promise<ProjectRow[]> {
  const rows = await db.all<Omit<ProjectRow, 'features'> & { features: string }>(
    'SELECT owner_project, display_name, description, main_github, twitter, website, logo_path, token_symbol, market_data_id, features FROM projects FINAL ORDER BY owner_project',
  );
  return rows.map((r) => ({ ...r, features: JSON.parse(r.features) as string[] }));
}

export async function writeMarketData(db: SqlRunner, rows: readonly MarketRow[]): Promise<void> {
  const last = new Map<string, MarketRow>();
  for (const r of rows) last.set(`${r.market_data_id}\u0000${r.day_ms}`, r);
  await putRows(db, 'market_data', [...last.values()].map((r) => ({ ...r })));
}

export async function readMarketDataFor(db: SqlRunner, marketDataIds: readonly string[]): Promise<MarketRow[]> {
  if (marketDataIds.length === 0) return [];
  const rows = await db.all<{ market_data_id: string; day_ms: string; price_usd: number | null; market_cap_usd: number | null; volume_usd: number | null }>(
    `SELECT market_data_id, day_ms, price_usd, market_cap_usd, volume_usd FROM market_data FINAL
     WHERE market_data_id IN (${stringList([...new Set(marketDataIds)])}) ORDER BY market_data_id, day_ms`,
  );
  return rows.map((r) => ({ market_data_id: r.market_data_id, day_ms: Number(r.day_ms), price_usd: r.price_usd, market_cap_usd: r.market_cap_usd, volume_usd: r.volume_usd }));
}
