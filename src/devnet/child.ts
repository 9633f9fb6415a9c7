// The devnet in its own process (forked by process.ts): starts on the parent's 'start'
// message, answers with the chain infos and registry entries, and exits on 'close' or when
// the parent goes away, so a crashed test run never leaves servers behind.
import { FixedClock, systemClock, type Clock } from '../clock.js';
import type { ChildReply, ParentMessage } from './process-protocol.js';
import { startDevnet, type Devnet } from './index.js';

let devnet: Devnet | null = null;
let clock: Clock = systemClock;

function reply(msg: ChildReply): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(msg, () => resolve());
  });
}

async function shutdown(code: number): Promise<never> {
  try {
    await devnet?.close();
  } finally {
    process.exit(code);
  }
}

process.on('message', (raw) => {
  const msg = raw as ParentMessage;
  void (async () => {
    try {
      switch (msg.type) {
        case 'start': {
          const { fixedNowMs, ...opts } = msg.opts;
          clock = fixedNowMs === undefined ? systemClock : new FixedClock(fixedNowMs);
          devnet = await startDevnet({ ...opts, clock });
          await reply({ type: 'ready', info: { chains: devnet.chains, priceUrl: devnet.priceUrl, seed: devnet.seed, liveSince: devnet.liveSince }, configs: devnet.chainConfigs() });
          return;
        }
        case 'set_now':
          if (!(clock instanceof FixedClock)) throw new Error('setNow needs a devnet process started with fixedNowMs');
          clock.set(msg.ms);
          await reply({ type: 'ok', id: msg.id });
          return;
        case 'close':
          await devnet?.close();
          devnet = null;
          await reply({ type: 'closed' });
          process.exit(0);
      }
    } catch (err) {
      await reply({ type: 'error', id: 'id' in msg ? msg.id : undefined, message: (err as Error).message });
    }
  })();
});

// The parent exited or dropped the channel: nobody can reach these servers any more.
process.on('disconnect', () => void shutdown(0));
