// "Did you mean" suggestions for misspelt keys and names (rpc_url → rpc_urls, optimsm → optimism).

function editDistance(a: string, b: string): number {
  // Classic Levenshtein over two rows; the strings are config keys, a few dozen characters.
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
    }
    prev = cur;
  }
  return prev[b.length];
}

/** The candidate closest to `input` when it is plausibly a typo of it, else undefined. */
export function closestMatch(input: string, candidates: readonly string[]): string | undefined {
  const needle = input.toLowerCase().replace(/-/g, '_');
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const d = editDistance(needle, c.toLowerCase());
    // A prefix (`rpc` for `rpc_urls`) counts as close as a one-letter typo.
    const score = needle.length >= 3 && c.startsWith(needle) ? Math.min(d, 1) : d;
    if (score < bestScore) {
      bestScore = score;
      best = c;
    }
  }
  const allowed = Math.max(2, Math.floor(needle.length / 3));
  return best !== undefined && bestScore <= allowed ? best : undefined;
}
