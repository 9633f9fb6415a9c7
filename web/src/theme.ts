// Dark and light theme: the system's choice unless the reader picked one (kept in localStorage).
// The resolved theme is the `data-theme` attribute of <html>, which the CSS and the charts read.
import { useEffect, useState } from 'preact/hooks';

export type Theme = 'light' | 'dark';
const KEY = 'chainlytics-theme';
const media = window.matchMedia('(prefers-color-scheme: dark)');

function stored(): Theme | null {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null; // storage can be disabled; the system theme still applies
  }
}

function resolved(): Theme {
  return stored() ?? (media.matches ? 'dark' : 'light');
}

const listeners = new Set<(t: Theme) => void>();
function apply(): void {
  const t = resolved();
  document.documentElement.dataset.theme = t;
  for (const l of listeners) l(t);
}
apply();
media.addEventListener('change', apply);

export function toggleTheme(): void {
  const next: Theme = resolved() === 'dark' ? 'light' : 'dark';
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // not persisted; still switch for this page
  }
  document.documentElement.dataset.theme = next;
  for (const l of listeners) l(next);
}

export function useTheme(): Theme {
  const [theme, setTheme] = useState<Theme>(resolved);
  useEffect(() => {
    listeners.add(setTheme);
    return () => void listeners.delete(setTheme);
  }, []);
  return theme;
}

/** A chain's colour for the theme (master.json `colors`), or a fallback from a fixed palette. */
const PALETTE = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7', '#9c755f', '#bab0ac'];
export function seriesColor(theme: Theme, colors: { light: string[]; dark: string[] } | undefined, index: number): string {
  return colors?.[theme]?.[0] ?? PALETTE[index % PALETTE.length];
}

/** Colours closer than this (RGB distance, 0..441) read as one on a chart. */
const MIN_DISTANCE = 70;

function rgb(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return null;
  const n = parseInt(m[1], 16);
  return [n >> 16, (n >> 8) & 255, n & 255];
}

export function colorDistance(a: string, b: string): number {
  const x = rgb(a);
  const y = rgb(b);
  if (!x || !y) return a.toLowerCase() === b.toLowerCase() ? 0 : Infinity;
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}

/**
 * One colour per series of a chart, all told apart: each chain's own colour for the theme, else
 * its second colour, else the first palette colour far enough from those already taken. Chains'
 * brand colours are chosen one by one, so two of them can be near twins in one theme.
 */
export function distinctSeriesColors(theme: Theme, series: ReadonlyArray<{ light: string[]; dark: string[] } | undefined>): string[] {
  const taken: string[] = [];
  const free = (c: string): boolean => taken.every((t) => colorDistance(t, c) >= MIN_DISTANCE);
  for (const colors of series) {
    const own = colors?.[theme] ?? [];
    const pick = own.find(free) ?? PALETTE.find(free) ?? PALETTE[taken.length % PALETTE.length];
    taken.push(pick);
  }
  return taken;
}
