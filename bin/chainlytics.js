#!/usr/bin/env node
// The sources are TypeScript run through tsx, so there is no build step between a checkout and a run.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
