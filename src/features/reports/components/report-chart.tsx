/**
 * One chart of the reports screen (DESIGN §11) on a `<canvas>` drawn by Chart.js — only the bar
 * and line parts are registered, so the route's chunk carries no more of it — in the theme's
 * colours (light and dark), with no animation. The canvas is an image to assistive technology,
 * named by a one-sentence summary; the card's table shows the same figures as text.
 */
import { useMemo } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import theme from 'antd/es/theme';

ChartJS.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

/** What a chart shows: one or more series over the same labels. */
export interface ChartSpec {
  type: 'bar' | 'line';
  labels: string[];
  /** Each series; `null` leaves a gap (nothing to measure that day or week). */
  series: { label: string; data: (number | null)[] }[];
  /** Bars run left to right, one per label (long labels: agents, categories). */
  horizontal?: boolean;
  /** Values are percentages: the value axis runs 0–100. */
  percent?: boolean;
  /** Formats a value for the tooltip and axis (e.g. hours with their unit). */
  format?: (value: number) => string;
}

/** The series colours, from the theme's preset palette: distinct in light and dark. */
function usePalette(): string[] {
  const { token } = theme.useToken();
  return useMemo(
    () => [
      token.colorPrimary,
      token.colorWarning,
      token.colorSuccess,
      token.colorError,
      token['purple-6'],
      token['cyan-6'],
    ],
    [token],
  );
}

/**
 * Draws one {@link ChartSpec}.
 * @param summary what the chart shows in one sentence (its accessible name).
 * @param height in CSS pixels (the width follows the card).
 */
export function ReportChart({ spec, summary, height = 260 }: { spec: ChartSpec; summary: string; height?: number }) {
  const { token } = theme.useToken();
  const palette = usePalette();
  const data = useMemo<ChartData<'bar' | 'line', (number | null)[], string>>(
    () => ({
      labels: spec.labels,
      datasets: spec.series.map((series, i) => {
        const color = palette[i % palette.length] as string;
        return {
          label: series.label,
          data: series.data,
          backgroundColor: color,
          borderColor: color,
          borderWidth: spec.type === 'line' ? 2 : 0,
          pointRadius: spec.type === 'line' && spec.labels.length > 31 ? 0 : 3,
          spanGaps: true,
        };
      }),
    }),
    [spec, palette],
  );
  const options = useMemo<ChartOptions<'bar' | 'line'>>(() => {
    const format = spec.format ?? ((value: number) => String(value));
    const valueAxis = {
      beginAtZero: true,
      ...(spec.percent ? { max: 100 } : {}),
      ticks: {
        color: token.colorTextSecondary,
        // Counts are whole numbers: no "2.5 tickets" on the axis.
        ...(spec.format || spec.percent ? {} : { precision: 0 }),
        callback: (value: string | number) => format(Number(value)),
      },
      grid: { color: token.colorBorderSecondary },
    };
    const labelAxis = {
      ticks: { color: token.colorTextSecondary, autoSkip: true, maxRotation: 0 },
      grid: { display: false },
    };
    return {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      indexAxis: spec.horizontal ? 'y' : 'x',
      scales: spec.horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
      plugins: {
        legend: { display: spec.series.length > 1, labels: { color: token.colorText } },
        tooltip: {
          callbacks: {
            label: (item) => `${item.dataset.label ?? ''}: ${item.raw === null ? '—' : format(Number(item.raw))}`,
          },
        },
      },
    };
  }, [spec, token]);
  return (
    <div style={{ position: 'relative', height }}>
      <Chart type={spec.type} data={data} options={options} role="img" aria-label={summary} />
    </div>
  );
}
