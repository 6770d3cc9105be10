import type { ReactNode } from 'react';
import { Card, Grid, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

export type StaffMode = 'audit' | 'view' | 'expand';

/** The shared questionnaire in a staff mode, with an optional side panel. */
export function StaffQuestionnaire(props: { mode: StaffMode; applyNo: string; sidePanel?: ReactNode; onSubmitted?: () => void }) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: props.sidePanel ? 8 : 12 }}>
        <Card withBorder padding="xl" mih={240}>
          <Text c="dimmed" ta="center" my="xl">
            <Trans>问卷表单加载中</Trans> ({props.applyNo})
          </Text>
        </Card>
      </Grid.Col>
      {props.sidePanel && <Grid.Col span={{ base: 12, lg: 4 }}>{props.sidePanel}</Grid.Col>}
    </Grid>
  );
}
