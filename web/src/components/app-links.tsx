// A list of applications (owner_project keys) as links to their pages, or a dash when empty.
import { href } from '../route.js';

export function AppLinks({ projects }: { projects: readonly string[] }) {
  if (projects.length === 0) return <>–</>;
  return (
    <>
      {projects.map((p, i) => (
        <span key={p}>
          {i > 0 && ', '}
          <a href={href(['app', p])}>{p}</a>
        </span>
      ))}
    </>
  );
}
