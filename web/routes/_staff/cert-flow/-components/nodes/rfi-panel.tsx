import { useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { Anchor, Stack } from '@mantine/core';
import { GenericNodeView } from '../progress/generic-node-view.tsx';
import { TaskList } from '../task-list.tsx';
import type { NodePanelProps } from './node-panel.ts';

/** The RFI node: the generic view with the read-only questionnaire and the stage-10 task list. */
export default function RfiPanel(props: NodePanelProps) {
  const navigate = useNavigate();
  const { flowNo } = props.flow;
  const applyNo = props.node.taskList[0]?.applyNo;
  return (
    <GenericNodeView {...props}>
      <Stack gap="xs">
        {applyNo && (
          <Anchor
            href={rfiDetailHref(applyNo, flowNo)}
            size="sm"
            onClick={(e) => {
              e.preventDefault();
              void navigate({ href: rfiDetailHref(applyNo, flowNo) });
            }}
          >
            <Trans>查看RFI问卷（只读）</Trans>
          </Anchor>
        )}
        <TaskList flowNo={flowNo} />
      </Stack>
    </GenericNodeView>
  );
}

/** scm-cspm:register-rfi-detail: the questionnaire read-only (id = application number). */
const rfiDetailHref = (applyNo: string, flowNo: string) => `/rfi/detail?${new URLSearchParams({ id: applyNo, flowNo })}`;
