import { formatDateTime } from './date-time.ts';

const whole = { whiteSpace: 'nowrap' } as const;

/** A moment in a table cell: its date and its time each kept whole, so a narrow column sets it on two lines, never three. */
export function DateTimeText({ at }: { at: string | Date | null | undefined }) {
  const [date, time] = formatDateTime(at, '').split(' ');
  if (!time) return <>{date}</>;
  return (
    <>
      <span style={whole}>{date}</span> <span style={whole}>{time}</span>
    </>
  );
}
