// A tiny line of the last values, drawn as SVG: dozens fit in a table and cost no chart instance.
interface Props {
  values: (number | null)[];
  label: string;
  color?: string;
  width?: number;
  height?: number;
}

export function Sparkline({ values, label, color = 'currentColor', width = 120, height = 28 }: Props) {
  const known = values.filter((v): v is number => v !== null);
  if (known.length < 2) return <span class="muted">–</span>;
  const min = Math.min(...known);
  const span = Math.max(...known) - min || 1;
  const step = width / (values.length - 1);
  const points = values
    .map((v, i) => (v === null ? null : `${(i * step).toFixed(1)},${(height - 2 - ((v - min) / span) * (height - 4)).toFixed(1)}`))
    .filter((p) => p !== null)
    .join(' ');
  return (
    <svg class="sparkline" width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <polyline points={points} fill="none" stroke={color} stroke-width="1.5" />
    </svg>
  );
}
