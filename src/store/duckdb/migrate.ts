// Brings a DuckDB file written by an older chainlytics up to SCHEMA_VERSION at open, in one
// transaction, so operators' stores keep their raw rows and facts across upgrades.
//   version 1 (no schema_version table): facts keyed by chain only, `daa_addresses`.
//   version 2: facts and native facts carry dimension + entity; `address_sets` keyed by set.
//   version 3: the application metadata tables (labels, projects, market_data); new tables
//   only, which the CREATE TABLE IF NOT EXISTS pass below adds.
//   version 4: contract address sets move from `address_sets` (dimension 'contract') to
//   `contract_address_sets`, contracts and addresses as `address_ids` ids.
//   version 5: transactions carry blob_gas_used and blob_gas_price_wei (EIP-4844), and the
//   tables supply_samples and sample_gaps are new (created by the pass below). Rows stored
//   before are given 0: their fee_wei was computed without blob fees, so a settlement chain's
//   earlier days keep that until re-ingested (docs/ingestion.md).
//   The table external_values (tvl, app_revenue) came later without a version step: a new
//   table only, which the CREATE TABLE IF NOT EXISTS pass adds to any version-5 file; so did
//   fact_sets (each chain's fact-set signature): a file without it has none recorded, which the
//   facts engine treats as a changed set and backfills (src/metrics/fact-set.ts).
import type { DuckDBConnection } from '@duckdb/node-api';
import { ADDRESS_IDS_DDL, ADDRESS_SETS_DDL, CONTRACT_ADDRESS_SETS_DDL, DUCKDB_SCHEMA, SCHEMA_VERSION } from './schema.js';

const TO_VERSION_2: string[] = [
  `ALTER TABLE facts ADD COLUMN dimension VARCHAR DEFAULT 'chain'`,
  `ALTER TABLE facts ALTER COLUMN dimension SET NOT NULL`,
  `ALTER TABLE facts ADD COLUMN entity VARCHAR DEFAULT ''`,
  `ALTER TABLE facts ALTER COLUMN entity SET NOT NULL`,
  `ALTER TABLE native_facts ADD COLUMN dimension VARCHAR DEFAULT 'chain'`,
  `ALTER TABLE native_facts ALTER COLUMN dimension SET NOT NULL`,
  `ALTER TABLE native_facts ADD COLUMN entity VARCHAR DEFAULT ''`,
  `ALTER TABLE native_facts ALTER COLUMN entity SET NOT NULL`,
  ADDRESS_SETS_DDL,
  // Version 1 kept exactly one set, the daa metric's distinct senders.
  `INSERT INTO address_sets (set_key, origin_key, dimension, entity, day_ms, address)
   SELECT 'daa', origin_key, 'chain', '', day_ms, address FROM daa_addresses ORDER BY origin_key, day_ms`,
  `DROP TABLE daa_addresses`,
];

const TO_VERSION_4: string[] = [
  ADDRESS_IDS_DDL,
  CONTRACT_ADDRESS_SETS_DDL,
  // Every address of a contract set, as a sender or as the contract, gets one id (from 1).
  `INSERT INTO address_ids (address, id)
   SELECT address, row_number() OVER (ORDER BY address) FROM (
     SELECT address FROM address_sets WHERE dimension = 'contract'
     UNION SELECT entity FROM address_sets WHERE dimension = 'contract')`,
  `INSERT INTO contract_address_sets (set_key, origin_key, contract_id, day_ms, address_id)
   SELECT s.set_key, s.origin_key, c.id, s.day_ms, a.id FROM address_sets s
   JOIN address_ids c ON c.address = s.entity JOIN address_ids a ON a.address = s.address
   WHERE s.dimension = 'contract' ORDER BY s.origin_key, s.day_ms`,
  `DELETE FROM address_sets WHERE dimension = 'contract'`,
];

// Only where the file has the table (a file without it gets the current one below); IF NOT
// EXISTS keeps it safe on a file whose table was already created in the current layout.
const TO_VERSION_5 = (tables: ReadonlySet<string>): string[] =>
  tables.has('transactions')
    ? [
        `ALTER TABLE transactions ADD COLUMN IF NOT EXISTS blob_gas_used HUGEINT DEFAULT 0`,
        `ALTER TABLE transactions ALTER COLUMN blob_gas_used SET NOT NULL`,
        `ALTER TABLE transactions ADD COLUMN IF NOT EXISTS blob_gas_price_wei HUGEINT DEFAULT 0`,
        `ALTER TABLE transactions ALTER COLUMN blob_gas_price_wei SET NOT NULL`,
      ]
    : [];

/** Statements that take version N to N + 1, by N (given the file's tables where they matter). */
const MIGRATIONS: Record<number, string[] | ((tables: ReadonlySet<string>) => string[])> = { 1: TO_VERSION_2, 2: [], 3: TO_VERSION_4, 4: TO_VERSION_5 };

async function scalar(conn: DuckDBConnection, sql: string): Promise<unknown> {
  return (await conn.runAndReadAll(sql)).getRows()[0]?.[0];
}

async function fileTables(conn: DuckDBConnection): Promise<Set<string>> {
  return new Set((await conn.runAndReadAll("SELECT table_name FROM duckdb_tables() WHERE NOT temporary AND schema_name = 'main'")).getRows().map((r) => String(r[0])));
}

async function fileVersion(conn: DuckDBConnection): Promise<number> {
  const tables = await fileTables(conn);
  if (tables.has('schema_version')) {
    const v = await scalar(conn, 'SELECT max(version) FROM schema_version');
    if (v !== null && v !== undefined) return Number(v);
  }
  // Before versioning: a file with the raw tables is version 1; an empty one is new.
  return tables.has('blocks') ? 1 : 0;
}

/** Creates the tables of a new file, or migrates an older one; refuses a newer one. */
export async function prepareSchema(conn: DuckDBConnection, where: string): Promise<void> {
  const found = await fileVersion(conn);
  if (found > SCHEMA_VERSION) {
    throw new Error(`${where}: store layout version ${found} was written by a newer chainlytics (this one reads up to ${SCHEMA_VERSION})`);
  }
  if (found === SCHEMA_VERSION) return;
  await conn.run('BEGIN TRANSACTION');
  try {
    for (let v = Math.max(found, 1); found > 0 && v < SCHEMA_VERSION; v++) {
      const step = MIGRATIONS[v]!;
      for (const sql of typeof step === 'function' ? step(await fileTables(conn)) : step) await conn.run(sql);
    }
    // New files get every table here; migrated ones any table added since their version.
    for (const ddl of DUCKDB_SCHEMA) await conn.run(ddl);
    await conn.run('DELETE FROM schema_version');
    await conn.run(`INSERT INTO schema_version VALUES (${SCHEMA_VERSION})`);
    await conn.run('COMMIT');
  } catch (err) {
    await conn.run('ROLLBACK').catch(() => undefined);
    throw new Error(`${where}: cannot bring the store from layout version ${found} to ${SCHEMA_VERSION}: ${(err as Error).message}`);
  }
}
