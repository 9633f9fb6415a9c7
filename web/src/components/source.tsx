// Where a section's figures come from: a line under a table, chart or group of figures naming the
// /v1 documents they are read from, each a link to the document itself. A reader can check a
// number against the published data, or fetch it for their own use, without the API explorer.
// One component for every page, so the wording and the markup (which the browser tests read)
// are the same everywhere.
import { Fragment } from 'preact';

export function Source({ docs }: { docs: readonly string[] }) {
  const unique = [...new Set(docs)];
  return (
    <p class="source small muted">
      {unique.length > 1 ? 'Sources: ' : 'Source: '}
      {unique.map((path, i) => (
        <Fragment key={path}>
          {i > 0 && ', '}
          <a href={path} data-source={path}>
            {path}
          </a>
        </Fragment>
      ))}
    </p>
  );
}
