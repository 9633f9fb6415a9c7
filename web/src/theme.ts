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
