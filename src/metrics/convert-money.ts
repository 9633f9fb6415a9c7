// The money step: turns wei figures (native_facts, in the chain's gas token) into `_eth` and
// `_usd` facts with the period's prices. USD = ETH value × the ETH/USD price of that period
// (hourly values: of that hour); a chain whose gas token is not ETH converts through
// token/ETH = token_usd / eth_usd of the same period.
//
// A period without its own price uses the latest earlier price of the asset (any granularity)
// and is recorded in `price_status` as 'fallback'; with no earlier price at all the value is
// NULL (never 0) and recorded as 'missing'. Recorded periods are converted again on every run,
// so a price that arrives later replaces the fallback.
import type { Chain } from '../registry/types.js';
import { ETH_ASSET } from '../sources/prices/types.js';
import type { Store } from '../store/store.js';
import { moneyKeys } from './definition.js';
import { sqlString } from './sql.js';

/**
 * Converts the periods listed in the temp table `scopeTable(granularity, period_ms)` plus the
 * chain's periods previously converted without their own price. Runs inside the caller's
 * transaction.
 */
export async function convertMoney(store: Store, chain: Pick<Chain, 'origin_key' | 'gas_token'>, scopeTable: string, moneyFactKeys: readonly string[]): Promise<void> {
  if (moneyFactKeys.length === 0) return;
  const ok = chain.origin_key;
  const token = chain.gas_token;
  const ethChain = token === ETH_ASSET;
  await store.exec(
    `CREATE OR REPLACE TEMP TABLE money_scope AS
     SELECT DISTINCT granularity, period_ms FROM (
       SELECT granularity, period_ms FROM ${scopeTable}
       UNION ALL SELECT granularity, period_ms FROM price_status WHERE origin_key = $1)`,
    [ok],
  );
  // One point per instant for the fallback search; where a daily and an hourly price share an
  // instant (day 00:00) the hourly one wins, so the choice never depends on scan order.
  await store.exec(
    `CREATE OR REPLACE TEMP TABLE money_points AS
     SELECT asset, period_ms, arg_max(usd, CASE granularity WHEN 'hourly' THEN 1 ELSE 0 END) AS usd
     FROM prices WHERE asset IN ($1, $2) GROUP BY asset, period_ms`,
    [ETH_ASSET, token],
  );
  // Exact price of the period, else the latest earlier one (ASOF: greatest period_ms <= ours).
  await store.exec(
    `CREATE OR REPLACE TEMP TABLE money_prices AS
     SELECT s.granularity, s.period_ms,
            ee.usd AS eth_exact, ef.usd AS eth_fb, ef.period_ms AS eth_fb_ms,
            te.usd AS tok_exact, tf.usd AS tok_fb, tf.period_ms AS tok_fb_ms
     FROM money_scope s
     LEFT JOIN prices ee ON ee.asset = $1 AND ee.granularity = s.granularity AND ee.period_ms = s.period_ms
     ASOF LEFT JOIN money_points ef ON ef.asset = $1 AND s.period_ms >= ef.period_ms
     LEFT JOIN prices te ON te.asset = $2 AND te.granularity = s.granularity AND te.period_ms = s.period_ms
     ASOF LEFT JOIN money_points tf ON tf.asset = $2 AND s.period_ms >= tf.period_ms`,
    [ETH_ASSET, token],
  );
  const outKeys = moneyFactKeys.flatMap((k) => Object.values(moneyKeys(k)));
  await store.exec(
    `DELETE FROM facts f USING money_scope s
     WHERE f.origin_key = $1 AND f.granularity = s.granularity AND f.period_ms = s.period_ms
       AND f.metric_key IN (${outKeys.map(sqlString).join(', ')})`,
    [ok],
  );
  await store.exec(
    `DELETE FROM price_status p USING money_scope s
     WHERE p.origin_key = $1 AND p.granularity = s.granularity AND p.period_ms = s.period_ms`,
    [ok],
  );
  const ethUsd = 'coalesce(c.eth_exact, c.eth_fb)';
  const tokUsd = 'coalesce(c.tok_exact, c.tok_fb)';
  // A zero stays zero without a price: no fee is no fee in every currency.
  const eth = ethChain ? 'n.value / 1e18' : `n.value / 1e18 * ${tokUsd} / ${ethUsd}`;
  const usd = ethChain ? `n.value / 1e18 * ${ethUsd}` : `n.value / 1e18 * ${tokUsd}`;
  const keyList = moneyFactKeys.map(sqlString).join(', ');
  await store.exec(
    `INSERT INTO facts (origin_key, metric_key, granularity, period_ms, value)
     SELECT $1, n.metric_key || '_eth', n.granularity, n.period_ms, CASE WHEN n.value = 0 THEN 0 ELSE ${eth} END
     FROM native_facts n JOIN money_prices c ON c.granularity = n.granularity AND c.period_ms = n.period_ms
     WHERE n.origin_key = $1 AND n.metric_key IN (${keyList})
     UNION ALL
     SELECT $1, n.metric_key || '_usd', n.granularity, n.period_ms, CASE WHEN n.value = 0 THEN 0 ELSE ${usd} END
     FROM native_facts n JOIN money_prices c ON c.granularity = n.granularity AND c.period_ms = n.period_ms
     WHERE n.origin_key = $1 AND n.metric_key IN (${keyList})`,
    [ok],
  );
  // A period needed a price when it has a non-zero money figure.
  const needs = `EXISTS (SELECT 1 FROM native_facts n WHERE n.origin_key = $1 AND n.granularity = c.granularity
                   AND n.period_ms = c.period_ms AND n.value <> 0 AND n.metric_key IN (${keyList}))`;
  const statusOf = (exact: string, fb: string, fbMs: string, asset: string) =>
    `SELECT $1, c.granularity, c.period_ms, ${asset}, CASE WHEN ${fb} IS NULL THEN 'missing' ELSE 'fallback' END, ${fbMs}
     FROM money_prices c WHERE ${exact} IS NULL AND ${needs}`;
  await store.exec(
    `INSERT INTO price_status (origin_key, granularity, period_ms, asset, status, price_period_ms)
     ${statusOf('c.eth_exact', 'c.eth_fb', 'c.eth_fb_ms', '$2')}
     ${ethChain ? '' : `UNION ALL ${statusOf('c.tok_exact', 'c.tok_fb', 'c.tok_fb_ms', '$3')}`}`,
    ethChain ? [ok, ETH_ASSET] : [ok, ETH_ASSET, token],
  );
}
