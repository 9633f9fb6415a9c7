// A careless upstream for the secret tests: every request gets 401 with a one-line body that
// echoes the request line and headers as sent, each header value again in base64, base64url, hex
// (both cases) and percent-encoding, HTTP Basic credentials decoded (user:password and the
// password alone, in all those spellings), and the whole head once more as base64 (a credential
// then sits at whatever byte offset it had), padded past any excerpt and ending in END_OF_BODY.
// Listens on an ephemeral loopback port.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const END_OF_BODY = 'END-OF-ECHO';

export interface EchoingUpstream {
  url: string;
  /** Bodies sent so far, for the test's own check that the secret was echoed at all. */
  bodies: string[];
  close(): Promise<void>;
}

/** Every spelling of `secret` that `echoBody` writes (and a JSON body escapes nothing of). */
export function spellingsOf(secret: string): Record<string, string> {
  const b = Buffer.from(secret, 'utf8');
  return {
    raw: secret,
    base64: b.toString('base64'),
    base64url: b.toString('base64url'),
    hex: b.toString('hex'),
    HEX: b.toString('hex').toUpperCase(),
    'percent-encoded': encodeURIComponent(secret),
  };
}

function echoBody(req: IncomingMessage): string {
  const head = [`${req.method} ${req.url}`, ...Object.entries(req.headers).map(([k, v]) => `${k}: ${String(v)}`)];
  const values = Object.entries(req.headers).map(([k, v]) => [k, String(v)]);
  const basic = /^Basic (\S+)$/.exec(req.headers.authorization ?? '');
  if (basic) {
    const pair = Buffer.from(basic[1]!, 'base64').toString('utf8');
    values.push(['basic user:password', pair], ['basic password', pair.slice(pair.indexOf(':') + 1)]);
  }
  const encoded = values.flatMap(([k, v]) => Object.entries(spellingsOf(v!)).map(([how, s]) => `${k} as ${how}: ${s}`));
  return [`Unauthorized. You sent: ${head.join(' | ')}`, ...encoded, `head as base64: ${Buffer.from(head.join('\n')).toString('base64')}`, '.'.repeat(2000), END_OF_BODY].join(' | ');
}

export async function startEchoingUpstream(): Promise<EchoingUpstream> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body = echoBody(req);
      bodies.push(body);
      res.writeHead(401, { 'content-type': 'text/plain' });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bodies,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
