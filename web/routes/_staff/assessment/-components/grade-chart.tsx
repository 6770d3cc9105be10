import { t } from '@lingui/core/macro';

const BAR_W = 48;
const GAP = 24;
const H = 160;

/** The grade distribution as plain SVG bars (no chart library): one bar per grade with its count. */
export function GradeChart({ data }: { data: { grade: string; count: number }[] }) {
  const max = Math.max(1, ...data.map((d) => d.count));
  const width = data.length * (BAR_W + GAP) + GAP;
  return (
    <svg width={width} height={H + 40} role="img" aria-label={t`等级分布`} data-testid="grade-chart">
      {data.map((d, i) => {
        const h = Math.round((d.count / max) * H);
        const x = GAP + i * (BAR_W + GAP);
        return (
          <g key={d.grade} data-grade={d.grade} data-count={d.count}>
            <rect x={x} y={H - h + 16} width={BAR_W} height={h} fill="var(--mantine-color-blue-5)" rx={3} />
            <text x={x + BAR_W / 2} y={H - h + 12} textAnchor="middle" fontSize={12}>
              {d.count}
            </text>
            <text x={x + BAR_W / 2} y={H + 34} textAnchor="middle" fontSize={13}>
              {d.grade}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
