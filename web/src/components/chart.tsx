// A time-series chart (uPlot: small and fast on canvas) with, under it, a table of each series'
// last point. The table is the chart's numbers as text: readable without the canvas, by screen
// readers, and by the browser tests.
import { useLayoutEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatAxis, formatDate, formatHour, formatMinute, formatValue, type Unit } from '../format.js';
import { useTheme } from '../theme.js';

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  /** [unix ms, value] rows, ascending. */
  points: [number, number | null][];
  /** Hidden at first (the reader can show it from the legend). */
  hidden?: boolean;
}

interface Props {
  series: ChartSeries[];
  unit: Unit;
  hourly?: boolean;
  /** Buckets shorter than an hour: times shown to the minute. */
  minutes?: boolean;
  height?: number;
  /** Accessible name of the chart. */
  title: string;
  /** Without the table of last points (small charts next to their own figures). */
  compact?: boolean;
}

/** One shared x axis for uPlot: the union of every series' timestamps, values aligned to it. */
function aligned(series: ChartSeries[]): uPlot.AlignedData {
  const xs = [...new Set(series.flatMap((s) => s.points.map((p) => p[0])))].sort((a, b) => a - b);
  const index = new Map(xs.map((x, i) => [x, i]));
  const columns = series.map((s) => {
    const col: (number | null)[] = new Array(xs.length).fill(null);
    for (const [x, v] of s.points) col[index.get(x)!] = v;
    return col;
  });
  return [xs.map((x) => x / 1000), ...columns];
}

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** How a point's time reads: its day, its hour, or its minute. */
function timeFormat(hourly: boolean, minutes: boolean): (ms: number) => string {
  return minutes ? formatMinute : hourly ? formatHour : formatDate;
}

export function Chart({ series, unit, hourly = false, minutes = false, height = 320, title, compact = false }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const theme = useTheme();
  // A layout effect: the chart is drawn in the same task as the render that changed its data, so
  // the canvas never shows the previous series next to the new figures.
  useLayoutEffect(() => {
    const el = box.current;
    if (el === null) return;
    const axis = cssVar('--muted');
    const grid = cssVar('--grid');
    const when = timeFormat(hourly, minutes);
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height,
      // Documents are UTC; the axis shows UTC days whatever the reader's time zone.
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { show: !compact, live: true },
      cursor: { drag: { x: true, y: false } },
      scales: { x: { time: true } },
      series: [
        { value: (_u, v) => (v === null ? '–' : when(v * 1000)) },
        ...series.map((s) => ({
          label: s.label,
          stroke: s.color,
          width: 2,
          show: !s.hidden,
          spanGaps: false,
          value: (_u: uPlot, v: number | null) => formatValue(v, unit, { tooltip: true }),
        })),
      ],
      axes: [
        { stroke: axis, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } },
        {
          stroke: axis,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          size: 60,
          values: (_u, splits) => splits.map((v) => formatAxis(v, unit)),
        },
      ],
    };
    const plot = new uPlot(opts, aligned(series), el);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(200, el.clientWidth), height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [series, unit, hourly, minutes, height, theme, compact]);

  return (
    <figure class="chart">
      <div ref={box} class="chart-canvas" role="img" aria-label={title} />
      {!compact && <LastPoints series={series} unit={unit} hourly={hourly} minutes={minutes} />}
    </figure>
  );
}

function LastPoints({ series, unit, hourly, minutes }: { series: ChartSeries[]; unit: Unit; hourly: boolean; minutes: boolean }) {
  const when = timeFormat(hourly, minutes);
  return (
    <table class="last-points">
      <caption>Last point of each series</caption>
      <thead>
        <tr>
          <th scope="col">series</th>
          <th scope="col">{hourly ? 'hour' : 'period'}</th>
          <th scope="col" class="num">value</th>
        </tr>
      </thead>
      <tbody>
        {series.map((s) => {
          const last = s.points[s.points.length - 1];
          return (
            <tr key={s.key} data-series={s.key}>
              <td>
                <span class="swatch" style={{ background: s.color }} />
                {s.label}
              </td>
              <td>{last ? when(last[0]) : '–'}</td>
              <td class="num" data-value={last?.[1] ?? ''}>
                {formatValue(last?.[1] ?? null, unit, { tooltip: true })}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
