// Headless Chromium for the dashboard's browser tests: Debian's `chromium` package driven by
// playwright-core (no browser download). Fails, never skips, when the browser is missing.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export function findChromium(): string {
  for (const p of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium']) if (existsSync(p)) return p;
  throw new Error('chromium is not installed; the CI script installs it (Debian: apt-get install chromium)');
}

export function launchChromium(): Promise<Browser> {
  // --no-sandbox: CI and the test machines run as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'], headless: true });
}
