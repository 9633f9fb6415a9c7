// Applications: the filtered project list (every project with activity) with a search box and a
// category filter, both kept in the URL.
import { load, paths } from '../api.js';
import { Await } from '../components/controls.js';
import { Source } from '../components/source.js';
import { rowsOf, type ProjectsFiltered } from '../documents.js';
import { formatCount } from '../format.js';
import { href, setQuery, type Route } from '../route.js';
import { useLoad } from '../use-load.js';

export interface Project {
  owner_project: string;
  display_name: string;
  description: string | null;
  txcount: number;
  ecosystem_rank: number;
  main_category: string | null;
  sub_category: string | null;
  active_on: Record<string, number>;
  website: string | null;
}

export async function loadProjects(): Promise<Project[]> {
  const doc = await load<ProjectsFiltered>(paths.projectsFiltered);
  return rowsOf(doc.data) as unknown as Project[];
}

export function AppsPage({ route }: { route: Route }) {
  const loaded = useLoad(loadProjects, []);
  const q = route.query.get('q') ?? '';
  const category = route.query.get('cat') ?? '';
  return (
    <section data-page="apps">
      <h1>Applications</h1>
      <Await loaded={loaded}>
        {(projects) => {
          const categories = [...new Set(projects.map((p) => p.main_category).filter((c): c is string => !!c))].sort();
          const needle = q.trim().toLowerCase();
          const shown = projects.filter(
            (p) =>
              (category === '' || p.main_category === category) &&
              (needle === '' || [p.owner_project, p.display_name, p.description ?? ''].some((s) => s.toLowerCase().includes(needle))),
          );
          return (
            <>
              <div class="controls">
                <label>
                  Search{' '}
                  <input type="search" value={q} placeholder="name or description" onInput={(e) => setQuery({ q: (e.target as HTMLInputElement).value }, true)} />
                </label>
                <label>
                  Category{' '}
                  <select value={category} onChange={(e) => setQuery({ cat: (e.target as HTMLSelectElement).value })}>
                    <option value="">All</option>
                    {categories.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              <p class="muted" aria-live="polite" data-count={shown.length}>
                {shown.length} of {projects.length} applications; transactions over the last 30 days, all chains.
              </p>
              <div class="scroll">
                <table class="data apps">
                  <thead>
                    <tr>
                      <th scope="col" class="num">Rank</th>
                      <th scope="col">Application</th>
                      <th scope="col">Category</th>
                      <th scope="col" class="num">Transactions</th>
                      <th scope="col">Chains</th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((p) => (
                      <tr key={p.owner_project} data-project={p.owner_project}>
                        <td class="num">{p.ecosystem_rank}</td>
                        <th scope="row">
                          <a href={href(['app', p.owner_project])}>{p.display_name}</a>
                          <div class="muted small">{p.description}</div>
                        </th>
                        <td>
                          {p.main_category ?? '–'}
                          {p.sub_category && <div class="muted small">{p.sub_category}</div>}
                        </td>
                        <td class="num" data-value={p.txcount}>
                          {formatCount(p.txcount)}
                        </td>
                        <td>{Object.keys(p.active_on).join(', ') || '–'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Source docs={[paths.projectsFiltered]} />
            </>
          );
        }}
      </Await>
    </section>
  );
}
