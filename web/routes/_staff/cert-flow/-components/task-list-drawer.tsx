import { useState } from 'react';
import { Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { ChangeLogDialog } from './change-log-dialog.tsx';
import { TaskList } from './task-list.tsx';

/**
 * The stage-10 tasks of a flow with the questionnaire's change log, opened from the flow list.
 * The flow progress page (req flow §2.3) shows the same task list in its node task area.
 */
export function TaskListDrawer({ flowNo, onClose }: { flowNo: string | null; onClose: () => void }) {
  const [logOpen, setLogOpen] = useState(false);
  return (
    <Drawer opened={flowNo !== null} onClose={onClose} position="right" size={800} title={<Trans>任务列表</Trans>}>
      {flowNo && (
        <Stack>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              <Trans>流程编号</Trans>: {flowNo}
            </Text>
            <Button size="compact-sm" variant="default" onClick={() => setLogOpen(true)}>
              <Trans>变更日志</Trans>
            </Button>
          </Group>
          <TaskList flowNo={flowNo} />
          <ChangeLogDialog opened={logOpen} onClose={() => setLogOpen(false)} flowNo={flowNo} relationType={RELATION_TYPE.RFI_LOG} />
        </Stack>
      )}
    </Drawer>
  );
}
