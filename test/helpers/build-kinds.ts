// Builds only the named document kinds, as buildAllDocuments builds them (the same build context,
// the kinds in kinds.ts order, each input checked against its kind's path), for tests that check
// a few documents: a full build makes every other document too (the applications, blockspace,
// the exports), which the test never reads and the published-bytes manifest already covers.
// A kind that reads what an earlier kind records (master.json, all_l2s, the landing series read
// ctx.supported) needs that kind named too.
import type { Clock } from '../../src/clock.js';
import { loadBuildContext, type BuildOptions } from '../../src/documents/build-all.js';
import type { DocumentInput } from '../../src/documents/document-set.js';
import { DOCUMENT_KINDS, type DocumentRoute } from '../../src/documents/kinds.js';
import type { Chain } from '../../src/registry/types.js';
import type { Store } from '../../src/store/store.js';

export async function buildKinds(store: Store, chains: readonly Chain[], clock: Clock, routes: readonly DocumentRoute[], opts: BuildOptions = {}): Promise<DocumentInput[]> {
  const unknown = routes.filter((r) => !DOCUMENT_KINDS.some((k) => k.route === r && k.build));
  if (unknown.length > 0) throw new Error(`no built document kind ${unknown.join(', ')}`);
  const ctx = await loadBuildContext(store, chains, clock, opts);
  const inputs: DocumentInput[] = [];
  for (const kind of DOCUMENT_KINDS) {
    if (!kind.build || !routes.includes(kind.route)) continue;
    for (const input of await kind.build(ctx)) {
      if (!kind.matches(input.path)) throw new Error(`document kind ${kind.route} built ${input.path}, which does not match ${kind.path}`);
      inputs.push(input);
    }
  }
  return inputs;
}
