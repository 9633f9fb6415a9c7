// `${NAME}` inside rpc_urls is replaced by the environment variable NAME, so provider API keys
// stay out of the config file (and out of git).

export type Interpolated =
  | { ok: true; value: string; variables: string[] }
  | { ok: false; problem: 'missing'; variable: string }
  | { ok: false; problem: 'empty'; variable: string }
  | { ok: false; problem: 'malformed'; at: number };

const REF = /\$\{([^}]*)\}/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function interpolateEnv(text: string, env: NodeJS.ProcessEnv): Interpolated {
  const variables: string[] = [];
  let out = '';
  let last = 0;
  for (const m of text.matchAll(REF)) {
    const name = m[1];
    if (!NAME.test(name)) return { ok: false, problem: 'malformed', at: m.index };
    const value = env[name];
    if (value === undefined) return { ok: false, problem: 'missing', variable: name };
    // An empty value is almost always an unset secret in a deployment template.
    if (value === '') return { ok: false, problem: 'empty', variable: name };
    variables.push(name);
    out += text.slice(last, m.index) + value;
    last = m.index + m[0].length;
  }
  const rest = text.slice(last);
  const open = rest.indexOf('${');
  if (open >= 0) return { ok: false, problem: 'malformed', at: last + open };
  return { ok: true, value: out + rest, variables };
}
