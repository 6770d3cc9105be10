import { useEffect, useRef } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { clockSkew, useCountdown } from './countdown.ts';

/**
 * Req flow §2.3: the time left of the publicity period, in days, hours, minutes and seconds, counted on
 * the server's clock. At its end the workflow moves the flow on by itself, so the page reloads once.
 */
export function PublicityCountdown({ endTime, serverNow, receivedAt, onOver }: { endTime: string; serverNow: string; receivedAt: number; onOver: () => void }) {
  const left = useCountdown(endTime, clockSkew(serverNow, receivedAt));
  const reloaded = useRef(false);
  useEffect(() => {
    if (!left.over || reloaded.current) return;
    reloaded.current = true;
    // A moment's grace for the workflow's timer to fire and the next node to open.
    const timer = setTimeout(onOver, 3_000);
    return () => clearTimeout(timer);
  }, [left.over, onOver]);
  const { days, hours, minutes, seconds } = left;
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-blue-light)" data-testid="publicity-countdown" data-end-time={endTime}>
      {left.over ? (
        <Text size="sm" data-testid="publicity-countdown-over">
          <Trans>公示期已结束，流程将自动进入下一节点</Trans>
        </Text>
      ) : (
        <Group gap={6}>
          <Text size="sm">
            <Trans>公示剩余时间：</Trans>
          </Text>
          <Text size="sm" fw={600} data-testid="publicity-countdown-value" data-days={days} data-hours={hours} data-minutes={minutes} data-seconds={seconds}>
            <Trans>
              {days}天 {hours}小时 {minutes}分 {seconds}秒
            </Trans>
          </Text>
        </Group>
      )}
    </Paper>
  );
}
