// Numbers as master.json's units describe them (CONTRACT.md section 6): a prefix ("$", "Ξ"), a
// suffix ("Mgas/s"), a number of decimals, and `agg` (abbreviate large values: 1.23K, 4.5M).
// Pure functions without the DOM, so the tests read values with the same rules the pages use.

/** One entry of a metric's `units` in master.json. */
export interface Unit {
  currency: boolean;
  prefix: string | null;
  suffix: string | null;
  decimals: number;
  decimals_tooltip: number;
  agg: boolean;
  agg_tooltip: boolean;
  /** Set by the dashboard (documents.ts appUnitFor) for a value published as a fraction 0..1: shown as a percentage. */
  percent?: boolean;
}

// en-US fixes the separators and the compact letters (K, M, B, T) whatever the browser's locale,
// so a shared screenshot or URL reads the same everywhere.
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });
const fixedFormats = new Map<number, Intl.NumberFormat>();
const twoSignificant = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });

function fixed(decimals: number): Intl.NumberFormat {
  let f = fixedFormats.get(decimals);
  if (f === undefined) {
    f = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    fixedFormats.set(decimals, f);
  }
  return f;
}

/**
 * A value as text by its unit: `tooltip` picks the unit's tooltip precision. A value that the
 * unit's decimals would show as zero although it is not (a fee of 0.00002 Mgas/s) gets two
 * significant digits instead, so small chains do not all read "0.00".
 */
export function formatValue(value: number | null | undefined, unit: Unit, opts: { tooltip?: boolean } = {}): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  if (unit.percent) return `${fixed(Math.max(0, (opts.tooltip ? unit.decimals_tooltip : unit.decimals) - 2)).format(value * 100)}%`;
  const decimals = opts.tooltip ? unit.decimals_tooltip : unit.decimals;
  const agg = opts.tooltip ? unit.agg_tooltip : unit.agg;
  const abs = Math.abs(value);
  let digits: string;
  if (agg && abs >= 1000) digits = compact.format(abs);
  else if (abs !== 0 && Number(abs.toFixed(decimals)) === 0) digits = twoSignificant.format(abs);
  else digits = fixed(decimals).format(abs);
  const sign = value < 0 ? '-' : '';
  return `${sign}${unit.prefix ?? ''}${digits}${unit.suffix ? ` ${unit.suffix}` : ''}`;
}

const axisDigits = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });

/**
 * A chart axis label: the unit's prefix and at most three significant digits, abbreviated (the
 * ticks are round numbers, and the suffix is in the chart's title, not on every tick).
 */
export function formatAxis(value: number, unit: Unit): string {
  if (unit.percent) return `${axisDigits.format(value * 100)}%`;
  const sign = value < 0 ? '-' : '';
  return `${sign}${unit.prefix ?? ''}${axisDigits.format(Math.abs(value))}`;
}

/** A change as a fraction (0.1234) as a signed percentage ("+12.3%"); null as a dash. */
export function formatChange(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '–';
  const pct = fraction * 100;
  const sign = pct > 0 ? '+' : pct < 0 ? '-' : '';
  return `${sign}${fixed(1).format(Math.abs(pct))}%`;
}

/** A count without a unit ("1,234"). */
export function formatCount(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '–';
  return fixed(0).format(n);
}

/** Documents' `unix` columns are UTC milliseconds at the start of the period. */
export function formatDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function formatHour(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 13).replace('T', ' ')}:00`;
}

/** The start of a bucket shorter than an hour (the fee chart's 10 minutes). */
export function formatMinute(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}

/** A share as a fraction (0.1234) as a percentage ("12.3%", "-40.0%"); null as a dash. */
export function formatPercent(fraction: number | null | undefined): string {
  if (fraction === null || fraction === undefined || !Number.isFinite(fraction)) return '–';
  return `${fraction < 0 ? '-' : ''}${fixed(1).format(Math.abs(fraction * 100))}%`;
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** Bytes in binary units ("1.50 MiB"): blobs come in 128 KiB. */
export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '–';
  let i = 0;
  let v = n;
  while (v >= 1024 && i < BYTE_UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? fixed(0).format(v) : fixed(2).format(v)} ${BYTE_UNITS[i]}`;
}

// ---- the live figures (docs/live.md), shown as the reference's live cards show them ----

const plain = (prefix: string | null, suffix: string | null, decimals: number): Unit => ({ currency: false, prefix, suffix, decimals, decimals_tooltip: decimals, agg: false, agg_tooltip: false });

/** Transactions per second, one decimal as the stream sends them. */
export function formatTps(tps: number): string {
  return formatValue(tps, plain(null, 'tx/s', 1));
}

/** A mean block interval: seconds above 1 s, milliseconds below, "N/A" for 0 (unknown). */
export function formatBlockTime(seconds: number): string {
  if (!(seconds > 0)) return 'N/A';
  return seconds > 1 ? formatValue(seconds, plain(null, 's', 2)) : formatValue(seconds * 1000, plain(null, 'ms', 0));
}

/** A fee in USD: 4 decimals, 6 below $0.0001; "–" for 0 (no cost known: no price or no priced transaction). */
export function formatFeeUsd(usd: number): string {
  return usd > 0 ? formatValue(usd, plain('$', null, usd < 0.0001 ? 6 : 4)) : '–';
}

/** A fee in ETH as Gwei (× 10⁹); "–" for 0. */
export function formatFeeGwei(eth: number): string {
  return eth > 0 ? formatValue(eth * 1e9, plain(null, 'Gwei', 2)) : '–';
}

/** An ISO time as "2026-08-04 09:00:01 UTC". */
export function formatInstant(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC` : '–';
}
