// A project directory row with every optional field empty, for tests that only need a project
// to exist (its name, and whatever `fields` set).
import type { ProjectRow } from '../../src/store/labels.js';

export function projectRow(owner_project: string, fields: Partial<ProjectRow> = {}): ProjectRow {
  return {
    owner_project,
    display_name: owner_project,
    description: null,
    main_github: null,
    twitter: null,
    website: null,
    logo_path: null,
    token_symbol: null,
    market_data_id: null,
    features: [],
    ...fields,
  };
}
