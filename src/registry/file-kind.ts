// What kind of file a path holds, when a file given as the service configuration failed to
// validate: the other files chainlytics reads (and the deployment files next to them) are easy
// to pass by mistake, and a list of "unknown key" errors hides that the whole file is the wrong
// one. Only asked after validation failed, so a real configuration is never misnamed.
import { parse } from 'yaml';

/** A kind of file (with its article, "an OLI labels"): where the service configuration names it, or what else reads it. */
export type FileKind = { kind: string; configKey: string } | { kind: string; usedBy: string };

const OSS_PROJECT_KEYS = ['display_name', 'github', 'blockchain', 'websites', 'social'];

function firstLine(text: string): string {
  return (text.replace(/^\uFEFF/, '').split(/\r?\n/).find((l) => l.trim() !== '' && !l.trimStart().startsWith('#')) ?? '').trim();
}

function csvHeader(text: string): string[] | null {
  const line = firstLine(text);
  if (!line.includes(',') || line.startsWith('{') || line.startsWith('[')) return null;
  return line.split(',').map((c) => c.trim().replace(/^"|"$/g, '').toLowerCase());
}

function yamlMapping(text: string): Record<string, unknown> | null {
  try {
    const data: unknown = parse(text);
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function guessFileKind(text: string): FileKind | null {
  const header = csvHeader(text);
  if (header) {
    if (header.includes('address') && header.includes('chain_id')) return { kind: 'an OLI labels', configKey: 'labels.files' };
    if (header.join(',') === 'date,asset,usd') return { kind: 'a price CSV', configKey: 'prices.csv' };
    if (header.join(',') === 'date,origin_key,usd') return { kind: 'a tvl or app revenue CSV', configKey: 'external.tvl_csv or external.app_revenue_csv' };
  }
  const head = firstLine(text);
  if (/^\[(Unit|Service|Timer|Install)\]$/.test(head)) return { kind: 'a systemd unit', usedBy: 'systemd (docs/deploy.md)' };
  if (/^(map|server|http|upstream|events|include|location|limit_req_zone)\b.*[{;]$/.test(head)) return { kind: 'an nginx configuration', usedBy: 'nginx (docs/deploy.md)' };
  const data = yamlMapping(text);
  if (data === null) return null;
  const keys = Object.keys(data);
  // The overlay is `projects:` keyed by project names; the config's `projects:` has dir and overlay.
  if (keys.length === 1 && keys[0] === 'projects' && isMapping(data.projects)) {
    const entries = Object.entries(data.projects);
    if (entries.length > 0 && entries.every(([k, v]) => k !== 'dir' && k !== 'overlay' && (isMapping(v) || v === null))) {
      return { kind: 'a projects overlay', configKey: 'projects.overlay' };
    }
  }
  if (typeof data.name === 'string' && OSS_PROJECT_KEYS.some((k) => k in data) && !('chains' in data)) return { kind: 'an OSS Directory project', configKey: 'projects.dir (its folder)' };
  return null;
}

/** The sentence check-config (and every --config) prints instead of the validation errors. */
export function wrongKindMessage(file: string, kind: FileKind): string {
  const use = 'configKey' in kind ? `To use it, name it under ${kind.configKey} in the service config.` : `It is for ${kind.usedBy}.`;
  return `${file}: this looks like ${kind.kind} file, not the service configuration; check-config (and --config) reads the service config, e.g. examples/chainlytics.example.yaml. ${use}`;
}
