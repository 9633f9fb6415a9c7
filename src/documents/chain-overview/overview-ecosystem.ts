// The chain overview's `ecosystem` (CONTRACT.md section 3): the applications active on the
// chain over the last 7 and 30 complete days and each one's 7-day txcount there, read from the
// application data the app documents share within a build (app-data.ts), so no extra query.
import { APP_WINDOWS, KEYS } from '../apps/app-facts.js';
import type { AppData } from '../apps/app-data.js';

export interface Ecosystem {
  active_apps: { '7d': number; '30d': number };
  apps: { types: ['owner_project', 'txcount']; data: Array<[string, number]> };
}

const W7 = APP_WINDOWS.indexOf('7d');
const W30 = APP_WINDOWS.indexOf('30d');

/** `{}` for a chain without application data (no labeled contract of a directory project on it). */
export function chainEcosystem(originKey: string, data: AppData | null): Ecosystem | Record<string, never> {
  if (!data || !data.inputs.contracts.some((c) => c.origin_key === originKey)) return {};
  const apps: Array<[string, number]> = [];
  let active30 = 0;
  for (const [project, facts] of data.facts.projects) {
    const windows = facts.windows.get(originKey)?.get(KEYS.txcount);
    const tx7 = windows?.[W7] ?? 0;
    const tx30 = windows?.[W30] ?? 0;
    if (tx30 > 0) active30++;
    if (tx7 > 0) apps.push([project, tx7]);
  }
  apps.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return { active_apps: { '7d': apps.length, '30d': active30 }, apps: { types: ['owner_project', 'txcount'], data: apps } };
}
