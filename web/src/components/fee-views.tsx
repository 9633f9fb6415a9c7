// The two views of the fees, linked from each other: the fee table's heat map of the last hours
// and the fee line chart over four timeframes. Both sit under "Fees" in the main navigation.
import { href } from '../route.js';

export function FeeViews({ current }: { current: 'table' | 'chart' }) {
  const views: ['table' | 'chart', string, string][] = [
    ['table', href(['fees']), 'Heat map, last hours'],
    ['chart', href(['fees', 'chart']), 'Line chart, 24 hours to 180 days'],
  ];
  return (
    <nav class="subnav" aria-label="Fee views">
      {views.map(([key, link, text]) => (
        <a key={key} href={link} aria-current={key === current ? 'page' : undefined}>
          {text}
        </a>
      ))}
    </nav>
  );
}
