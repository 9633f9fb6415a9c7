// The application metadata tables (store/labels.ts): OLI label rows, the project directory
// and token market data. Labels and projects are replaced whole by each import; market days
// are upserted. Literal SQL for the bulk writes (see prices.ts): every text value is quoted by
// sqlString and every number checked.
import type { LabelRow, MarketRow, ProjectRow } from '../labels.js';
export { checkLabelRows, checkMarketRows, checkProjectRows } from '../row-checks.js';
import type { SqlRunner } from './sql-runner.js';
import { sqlDouble, sqlString } from './sql-text.js';

const CHUNK = 1000;

export const LABEL_TABLES_DDL: string[] = [
  `CREATE TABLE IF NOT EXISTS labels (
     origin_key VARCHAR NOT NULL,
     address VARCHAR NOT NULL,
     contract_name VARCHAR,
     owner_project VARCHAR,
     usage_category VARCHAR,
     verified BOOLEAN,
     PRIMARY KEY (origin_key, address))`,
  // features: a JSON array of strings (one engine-neutral text column instead of a list type).
  `CREATE TABLE IF NOT EXISTS projects (
     owner_project VARCHAR PRIMARY KEY,
     display_name VARCHAR NOT NULL,
     description VARCHAR,
     main_github VARCHAR,
     twitter VARCHAR,
     website VARCHAR,
     logo_path VARCHAR,
     token_symbol VARCHAR,
     market_data_id VARCHAR,
     features VARCHAR NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS market_data (
     market_data_id VARCHAR NOT NULL,
     day_ms BIGINT NOT NULL,
     price_usd DOUBLE,
     market_cap_usd DOUBLE,
     volume_usd DOUBLE,
     PRIMARY KEY (market_data_id, day_ms))`,
];

const str = (s: string | null): string => (s === null ? 'NULL' : sqlString(s));
const bool = (b: boolean | null): string => (b === null ? 'NULL' : b ? 'TRUE' : 'FALSE');
const num = (n: number | null): string => (n === null ? 'NULL' : sqlDouble(n));

/** Call inside a transaction. */
export async function replaceLabels(db: SqlRunner, rows: readonly LabelRow[]): Promise<void> {
  await db.run('DELETE FROM labels');
  for (let i = 0; i < rows.length; i += CHUNK) {
    const tuples = rows
      .slice(i, i + CHUNK)
      .map((r) => `(${str(r.origin_key)}, ${str(r.address)}, ${str(r.contract_name)}, ${str(r.owner_project)}, ${str(r.usage_category)}, ${bool(r.verified)})`);
    await db.run(`INSERT INTO labels (origin_key, address, contract_name, owner_project, usage_category, verified) VALUES ${tuples.join(',')}`);
  }
}

export async function readLabels(db: SqlRunner): Promise<LabelRow[]> {
  const rows = await db.all<{ origin_key: string; address: string; contract_name: string | null; owner_project: string | null; usage_category: string | null; verified: boolean | null }>(
    'SELECT origin_key, address, contract_name, owner_project, usage_category, verified FROM labels ORDER BY origin_key, address',
  );
  return rows.map((r) => ({ ...r }));
}

/** Call inside a transaction. */
export async function replaceProjects(db: SqlRunner, rows: readonly ProjectRow[]): Promise<void> {
  await db.run('DELETE FROM projects');
  for (let i = 0; i < rows.length; i += CHUNK) {
    const tuples = rows
      .slice(i, i + CHUNK)
      .map(
        (p) =>
          `(${str(p.owner_project)}, ${str(p.display_name)}, ${str(p.description)}, ${str(p.main_github)}, ${str(p.twitter)}, ${str(p.website)}, ${str(p.logo_path)}, ${str(p.token_symbol)}, ${str(p.market_data_id)}, ${str(JSON.stringify(p.features))})`,
      );
    await db.run(
      `INSERT INTO projects (owner_project, display_name, description, main_github, twitter, website, logo_path, token_symbol, market_data_id, features) VALUES ${tuples.join(',')}`,
    );
  }
}

export async function readProjects(db: SqlRunner): Promise<ProjectRow[]> {
  const rows = await db.all<Omit<ProjectRow, 'features'> & { features: string }>(
    'SELECT owner_project, display_name, description, main_github, twitter, website, logo_path, token_symbol, market_data_id, features FROM projects ORDER BY owner_project',
  );
  return rows.map((r) => ({ ...r, features: JSON.parse(r.features) as string[] }));
}

/** Call inside a transaction. */
export async function writeMarketData(db: SqlRunner, rows: readonly MarketRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const tuples = rows
      .slice(i, i + CHUNK)
      .map((r) => `(${str(r.market_data_id)}, ${r.day_ms}, ${num(r.price_usd)}, ${num(r.market_cap_usd)}, ${num(r.volume_usd)})`);
    await db.run(
      `INSERT INTO market_data (market_data_id, day_ms, price_usd, market_cap_usd, volume_usd) VALUES ${tuples.join(',')}
       ON CONFLICT (market_data_id, day_ms) DO UPDATE SET price_usd = excluded.price_usd, market_cap_usd = excluded.market_cap_usd, volume_usd = excluded.volume_usd`,
    );
  }
}

export async function readMarketData(db: SqlRunner, marketDataId: string): Promise<MarketRow[]> {
  const rows = await db.all<{ day_ms: bigint; price_usd: number | null; market_cap_usd: number | null; volume_usd: number | null }>(
    'SELECT day_ms, price_usd, market_cap_usd, volume_usd FROM market_data WHERE market_data_id = $1 ORDER BY day_ms',
    [marketDataId],
  );
  return rows.map((r) => ({ market_data_id: marketDataId, day_ms: Number(r.day_ms), price_usd: r.price_usd, market_cap_usd: r.market_cap_usd, volume_usd: r.volume_usd }));
}

export async function readMarketDataFor(db: SqlRunner, marketDataIds: readonly string[]): Promise<MarketRow[]> {
  if (marketDataIds.length === 0) return [];
  const rows = await db.all<{ market_data_id: string; day_ms: bigint; price_usd: number | null; market_cap_usd: number | null; volume_usd: number | null }>(
    `SELECT market_data_id, day_ms, price_usd, market_cap_usd, volume_usd FROM market_data
     WHERE market_data_id IN (${[...new Set(marketDataIds)].map(sqlString).join(', ')}) ORDER BY market_data_id, day_ms`,
  );
  return rows.map((r) => ({ market_data_id: r.market_data_id, day_ms: Number(r.day_ms), price_usd: r.price_usd, market_cap_usd: r.market_cap_usd, volume_usd: r.volume_usd }));
}
