/**
 * 'Transaction Income Over Time': income per day as bars (uPlot, loaded only when this chart
 * is shown). Every day of the period has its slot and its tick, a day without income a zero
 * (issue 29: a gap of ten days looks like ten days); amounts in ৳. The canvas has an accessible
 * name; the same figures are in the table beside it.
 */
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { dayKeyToChartLabel, taka, type DayIncome } from './transaction-summary.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { formatMoney, localDigits } from '../../lib/i18n/format.ts';

const height = 300;
/** Up to this many days, one tick per day; longer periods let uPlot choose (weeks, months). */
const dailyTicksUpTo = 92;
/** Room one date label needs on the axis, in CSS pixels. */
const labelRoom = 80;
const loadUPlot = () => Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);

function chartOptions(UPlot: typeof uPlot, days: DayIncome[], width: number): uPlot.Options {
  const labels = days.map((day) => localDigits(dayKeyToChartLabel(day.day)));
  return {
    width,
    height,
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    scales: {
      // One slot per day (0, 1, 2, ...), half a slot of room either side, so the first and last
      // bars are whole. Fixed from the number of days, not the data: with a single day uPlot
      // would otherwise widen a zero-width range around it and cut the bar at the axis.
      x: { time: false, auto: false, range: () => [-0.5, Math.max(days.length, 1) - 0.5] },
      y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.15 : 1000] },
    },
    axes: [
      {
        label: t('tx.date'),
        space: labelRoom,
        incrs: [1, 2, 3, 5, 7, 10, 14, 30, 60, 90],
        ...(days.length <= dailyTicksUpTo ? { splits: () => days.map((_, index) => index) } : {}),
        // Every day has a tick; a label only where there is room for it (every n-th day).
        values: (u, splits) => {
          const every = days.length <= dailyTicksUpTo ? Math.max(1, Math.ceil((splits.length * labelRoom) / Math.max(u.width - 80, 1))) : 1;
          return splits.map((split, index) => (Number.isInteger(split) && index % every === 0 ? (labels[split] ?? '') : ''));
        },
      },
      // Income is poisha: ticks fall on whole taka (1, 2, 5 × 10ⁿ taka) and read as ৳.
      { label: t('chart.amount'), size: 72, incrs: wholeTakaSteps, values: (_u, splits) => splits.map((split) => formatMoney(split)) },
    ],
    series: [
      { label: t('tx.date'), value: (_u, index) => (index == null ? '' : (labels[index] ?? '')) },
      {
        label: t('chart.income'),
        fill: 'rgba(15, 94, 156, 0.75)',
        stroke: '#0a4273',
        width: 1,
        paths: UPlot.paths.bars!({ size: [0.6, 64], align: 0 }),
        points: { show: false },
        value: (_u, value) => (value == null ? '' : taka(value)),
      },
    ],
  };
}

const perDayColumns = (): Column<DayIncome>[] => [
  { header: t('tx.date'), cell: (day) => localDigits(dayKeyToChartLabel(day.day)) },
  { header: t('chart.income'), cell: (day) => taka(day.income) },
];

/** Axis steps in poisha that are whole taka: ৳1, ৳2, ৳5, ৳10 … ৳5,00,00,000. */
const wholeTakaSteps = Array.from({ length: 8 }, (_, power) => [1, 2, 5].map((step) => step * 100 * 10 ** power)).flat();
export function IncomeChart({ days }: { days: DayIncome[] }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    loadUPlot().then(
      (UPlot) => {
        if (cancelled) return;
        const width = Math.max(element.clientWidth, 240);
        const data: uPlot.AlignedData = [days.map((_, index) => index), days.map((day) => day.income)];
        plot = new UPlot(chartOptions(UPlot, days, width), data, element);
        observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(element.clientWidth, 240), height }));
        observer.observe(element);
      },
      (error: unknown) => {
        console.error('The chart could not be loaded', error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [days]);

  return (
    <figure className="income-chart" aria-labelledby="income-chart-title">
      <figcaption id="income-chart-title" className="income-chart__title">{t('chart.title')}</figcaption>
      {failed ? (
        <p className="state">{t('chart.failed')}</p>
      ) : (
        <div
          ref={container}
          className="income-chart__canvas"
          role="img"
          aria-label={t('chart.label', { days: days.length })}
        />
      )}
      <div className="income-chart__table" tabIndex={0} role="region" aria-label={t('chart.perDayTable')}>
        <DataTable label={t('chart.perDay')} className="data--compact" columns={perDayColumns()} rows={days} rowKey={(day) => day.day} />
      </div>
    </figure>
  );
}
