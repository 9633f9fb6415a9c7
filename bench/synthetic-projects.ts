// The labeled projects of the benchmarks' application scenarios (bench:build, bench:volume):
// project_0 … project_{n-1}, shaped like OSS Directory entries with only what the documents read.
import type { ProjectRow } from '../src/store/labels.js';

export function syntheticProjects(n: number, describedAs: string): ProjectRow[] {
  return Array.from({ length: n }, (_, p) => ({
    owner_project: `project_${p}`,
    display_name: `Project ${p}`,
    description: `${describedAs} ${p}`,
    main_github: `project-${p}`,
    twitter: null,
    website: `https://project-${p}.example`,
    logo_path: null,
    token_symbol: null,
    market_data_id: null,
    features: [],
  }));
}
