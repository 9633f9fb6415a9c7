// Property: however a valid file is laid out (comments, blank lines, block or flow style, any
// number of chains), one wrong value injected anywhere is reported at exactly the line and
// column where the test wrote it, under exactly its key path, and nothing else is reported.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_CHAIN_KEYS } from '../../src/registry/builtin-chains.js';
import { ConfigError, parseConfig } from '../../src/registry/config.js';

interface Layout {
  chains: { key: string; flow: boolean; commentsBefore: number; lag: number }[];
  leadingComments: number;
  bad: { chain: number; value: number };
}

const layout: fc.Arbitrary<Layout> = fc
  .uniqueArray(fc.constantFrom(...BUILTIN_CHAIN_KEYS), { minLength: 1, maxLength: 6 })
  .chain((keys) =>
    fc.record({
      chains: fc.tuple(
        ...keys.map((key) =>
          fc.record({ key: fc.constant(key), flow: fc.boolean(), commentsBefore: fc.nat(3), lag: fc.nat(500) }),
        ),
      ),
      leadingComments: fc.nat(4),
      bad: fc.record({ chain: fc.nat(keys.length - 1), value: fc.integer({ min: -1000, max: -1 }) }),
    }),
  );

/** Renders the layout and returns the 1-based line:column where the bad value was written. */
function render(l: Layout): { text: string; where: string } {
  const lines: string[] = [];
  for (let i = 0; i < l.leadingComments; i++) lines.push(i % 2 ? '' : `# comment ${i}`);
  lines.push('server:', '  port: 8080', 'chains:');
  let where = '';
  l.chains.forEach((c, i) => {
    for (let k = 0; k < c.commentsBefore; k++) lines.push('  # a chain follows');
    const lag = i === l.bad.chain ? l.bad.value : c.lag;
    if (c.flow) {
      const prefix = `  - { origin_key: ${c.key}, rpc_urls: [ "http://127.0.0.1:1" ], finality_lag: `;
      if (i === l.bad.chain) where = `${lines.length + 1}:${prefix.length + 1}`;
      lines.push(`${prefix}${lag} }`);
    } else {
      lines.push(`  - origin_key: ${c.key}`, '    rpc_urls:', '      - "http://127.0.0.1:1"');
      const prefix = '    finality_lag: ';
      if (i === l.bad.chain) where = `${lines.length + 1}:${prefix.length + 1}`;
      lines.push(`${prefix}${lag}`);
    }
  });
  return { text: lines.join('\n') + '\n', where };
}

describe('error positions', () => {
  it('point at the injected value in any layout', () => {
    fc.assert(
      fc.property(layout, (l) => {
        const { text, where } = render(l);
        let err: unknown;
        try {
          parseConfig(text, 'p.yaml', { env: {} });
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(ConfigError);
        const issues = (err as ConfigError).issues;
        expect(issues.map((i) => [i.key, `${i.line}:${i.column}`, i.found])).toEqual([
          [`chains[${l.bad.chain}].finality_lag`, where, String(l.bad.value)],
        ]);
      }),
      { numRuns: 150 },
    );
  });

  it('accept the same layouts once the value is fixed', () => {
    fc.assert(
      fc.property(layout, (l) => {
        const fixed = { ...l, bad: { ...l.bad, value: 0 } };
        const cfg = parseConfig(render(fixed).text, 'p.yaml', { env: {} });
        expect(cfg.chains.map((c) => c.finality_lag)).toEqual(l.chains.map((c, i) => (i === l.bad.chain ? 0 : c.lag)));
      }),
      { numRuns: 50 },
    );
  });
});
