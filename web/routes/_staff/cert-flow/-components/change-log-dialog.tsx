import { Modal } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { RELATION_TYPE } from '#domain/cert-flow/enums.ts';
import { ChangeLogTable, type LogRelationType } from './change-log-table.tsx';

/** Req rfi §9: the change-log dialog is 800 px wide. */
const CHANGE_LOG_WIDTH = 800;

/** The paged change-log dialog (req rfi §2; req flow §2.1 uses it with relation type 20 as the operation log). */
export function ChangeLogDialog(props: { opened: boolean; onClose: () => void; flowNo: string; relationType: LogRelationType }) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      size={CHANGE_LOG_WIDTH}
      title={props.relationType === RELATION_TYPE.CERT_FLOW ? <Trans>操作日志</Trans> : <Trans>变更日志</Trans>}
    >
      {/* Mounted only while open, so each opening starts at page 1 with fresh data. */}
      {props.opened && props.flowNo && <ChangeLogTable relationType={props.relationType} flowNo={props.flowNo} />}
    </Modal>
  );
}
