// The request target as the access log writes it. The query string is ignored by every route,
// but clients still send keys there (`?api_key=…`, pre-signed `?signature=…`); logging those
// verbatim would put credentials into log storage that many more people can read. Parameters
// whose name looks like a credential keep their name and lose their value.

export const REDACTED_VALUE = '[redacted]';

// Matched against the parameter name lower-cased with everything but letters and digits removed
// (so api_key, API-Key, apiKey and api%5Fkey all read "apikey"). A substring match: over-redacting
// a parameter nobody reads costs nothing, missing a credential does.
const CREDENTIAL_NAME = /key|token|auth|pass|secret|signature|sig$|credential|session|jwt|bearer|cookie/;

function normalizedName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  try {
    name = decodeURIComponent(name);
  } catch {
    // A broken escape: judge the raw text.
  }
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** `target` with the values of credential-like query parameters replaced by [redacted]. */
export function loggedPath(target: string): string {
  const q = target.indexOf('?');
  if (q === -1) return target;
  const params = target.slice(q + 1).split('&');
  let changed = false;
  const out = params.map((p) => {
    const eq = p.indexOf('=');
    if (eq === -1 || !CREDENTIAL_NAME.test(normalizedName(p.slice(0, eq)))) return p;
    changed = true;
    return `${p.slice(0, eq)}=${REDACTED_VALUE}`;
  });
  return changed ? `${target.slice(0, q)}?${out.join('&')}` : target;
}
