// deploy/systemd as an operator installs it: systemd's own checker accepts the units, each
// ExecStart runs a real chainlytics command with flags that command has (read from its --help),
// the hardening an operator expects is there, and the units agree with the nginx site.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = join(import.meta.dirname, '../..');
const DIR = join(REPO, 'deploy/systemd');
const BIN = join(REPO, 'bin/chainlytics.js');
const tmp = mkdtempSync(join(tmpdir(), 'chainlytics-units-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Section → key → values (a key may repeat); comments and blank lines dropped. */
function parseUnit(text: string): Map<string, Map<string, string[]>> {
  const sections = new Map<string, Map<string, string[]>>();
  let current: Map<string, string[]> | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) {
      current = new Map();
      sections.set(header[1], current);
      continue;
    }
    const eq = line.indexOf('=');
    if (current === undefined || eq < 1) throw new Error(`not a unit line: ${line}`);
    const key = line.slice(0, eq);
    current.set(key, [...(current.get(key) ?? []), line.slice(eq + 1)]);
  }
  return sections;
}

const unit = (name: string) => parseUnit(readFileSync(join(DIR, name), 'utf8'));
const one = (u: Map<string, Map<string, string[]>>, section: string, key: string): string | undefined => u.get(section)?.get(key)?.at(-1);

const helpPages = new Map<string, Promise<string>>();
/** `chainlytics [command] --help`, each page spawned once per file. */
function help(args: string[]): Promise<string> {
  const key = args.join(' ');
  if (!helpPages.has(key)) helpPages.set(key, spawnHelp(args));
  return helpPages.get(key)!;
}

function spawnHelp(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args, '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} --help exited ${code}: ${out}`))));
  });
}

/** The long flags a --help page lists, with whether each takes a value. */
function flagsOf(helpText: string): Map<string, boolean> {
  const flags = new Map<string, boolean>();
  for (const m of helpText.matchAll(/^\s+(?:-\w, )?(--[a-z][a-z-]*)( <\w+>)?/gm)) flags.set(m[1], m[2] !== undefined);
  return flags;
}

const SERVICES = ['chainlytics.service', 'chainlytics-build.service'];

describe('deploy/systemd', () => {
  it('holds the serve unit, the build unit, its timer and the environment file template', () => {
    expect(readdirSync(DIR).sort()).toEqual(['chainlytics-build.service', 'chainlytics-build.timer', 'chainlytics.env.example', 'chainlytics.service']);
  });

  it('systemd-analyze verify accepts the units without a message', () => {
    // verify checks that ExecStart's program exists: point it at this machine's node.
    for (const f of ['chainlytics.service', 'chainlytics-build.service', 'chainlytics-build.timer']) {
      const text = readFileSync(join(DIR, f), 'utf8').replaceAll('/usr/bin/node ', `${process.execPath} `);
      writeFileSync(join(tmp, f), text);
    }
    copyFileSync(join(DIR, 'chainlytics.env.example'), join(tmp, 'chainlytics.env.example'));
    const r = spawnSync('systemd-analyze', ['verify', '--man=no', ...['chainlytics.service', 'chainlytics-build.service', 'chainlytics-build.timer'].map((f) => join(tmp, f))], { encoding: 'utf8' });
    if (r.error) throw new Error(`systemd-analyze is not installed (${r.error.message}); the CI script installs it (Debian: apt-get install systemd)`);
    expect(`${r.stdout}${r.stderr}`).toBe('');
    expect(r.status).toBe(0);
  });

  it.each(SERVICES)('%s: ExecStart runs a chainlytics command with flags it has, and the flags it requires', async (name) => {
    const exec = one(unit(name), 'Service', 'ExecStart')!;
    const [node, bin, command, ...args] = exec.split(/\s+/);
    expect(node).toBe('/usr/bin/node');
    expect(bin).toMatch(/\/bin\/chainlytics\.js$/);
    const commands = [...(await help([])).matchAll(/^ {2}([a-z][a-z-]*) /gm)].map((m) => m[1]);
    expect(commands).toContain(command);
    const commandHelp = await help([command]);
    const flags = flagsOf(commandHelp);
    expect(flags.size).toBeGreaterThan(2);
    for (let i = 0; i < args.length; i++) {
      expect(flags.has(args[i]), `${command} ${args[i]}`).toBe(true);
      if (flags.get(args[i])) {
        expect(args[i + 1], `${args[i]} takes a value`).toMatch(/^[^-]/);
        i++;
      }
    }
    expect(args).toContain('--config'); // a real deployment names its chains
    if (command === 'build') expect(args).toContain('--out');
  });

  it.each(SERVICES)('%s: a dedicated user, secrets from an EnvironmentFile, writes only its directories', (name) => {
    const u = unit(name);
    const exec = one(u, 'Service', 'ExecStart')!.split(/\s+/);
    const flag = (f: string) => exec[exec.indexOf(f) + 1];
    expect(one(u, 'Service', 'User')).toBe('chainlytics');
    expect(one(u, 'Service', 'Group')).toBe('chainlytics');
    expect(one(u, 'Service', 'EnvironmentFile')).toBe('/etc/chainlytics/chainlytics.env');
    const writable = one(u, 'Service', 'ReadWritePaths')!.split(/\s+/);
    expect(writable).toContain(flag('--data-dir'));
    if (exec.includes('--out')) expect(writable).toContain(flag('--out'));
    expect(`/var/lib/${one(u, 'Service', 'StateDirectory')}`).toBe(flag('--data-dir'));
    for (const [key, value] of [
      ['NoNewPrivileges', 'yes'],
      ['ProtectSystem', 'strict'],
      ['ProtectHome', 'yes'],
      ['PrivateTmp', 'yes'],
      ['PrivateDevices', 'yes'],
      ['CapabilityBoundingSet', ''],
      ['RestrictAddressFamilies', 'AF_INET AF_INET6 AF_UNIX'],
      ['SystemCallFilter', '@system-service'],
    ]) {
      expect(one(u, 'Service', key), key).toBe(value);
    }
    // V8 compiles JavaScript into memory it then executes: this setting would kill node.
    expect(one(u, 'Service', 'MemoryDenyWriteExecute')).toBeUndefined();
    // No secret in the unit itself.
    expect(u.get('Service')?.get('Environment')).toBeUndefined();
  });

  it('the timer starts the build unit every hour, catching up a missed run; the export is where the nginx site serves from', () => {
    const t = unit('chainlytics-build.timer');
    expect(one(t, 'Timer', 'Unit')).toBe('chainlytics-build.service');
    expect(one(t, 'Timer', 'OnCalendar')).toMatch(/^\*-\*-\* \*:\d\d:00$/);
    expect(one(t, 'Timer', 'Persistent')).toBe('true');
    expect(one(t, 'Install', 'WantedBy')).toBe('timers.target');
    const build = one(unit('chainlytics-build.service'), 'Service', 'ExecStart')!.split(/\s+/);
    const out = build[build.indexOf('--out') + 1];
    expect(readFileSync(join(REPO, 'deploy/nginx/chainlytics.conf'), 'utf8')).toMatch(new RegExp(`^\\s*root ${out};$`, 'm'));
  });

  it('the environment file template sets only variables chainlytics --help names, or ones rpc_urls name', async () => {
    const env = readFileSync(join(DIR, 'chainlytics.env.example'), 'utf8');
    const set = [...env.matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
    expect(set).toContain('LOG_LEVEL');
    const top = await help([]);
    for (const name of set) if (!name.endsWith('_RPC_URL') && name !== 'CLICKHOUSE_PASSWORD') expect(top, name).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
  });
});
