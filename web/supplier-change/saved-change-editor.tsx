import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Alert } from '@mantine/core';
import type { ChangeSide } from '#domain/supplier-change/status.ts';
import { changeDetailQuery, changeSnapshotQuery } from '#web/api/supplier-change.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { ChangeEditor, type ChangeEditorProps } from './change-editor.tsx';

/**
 * A saved or rejected change opened by its number, on either side: the rejection reason above the form,
 * or, when the change can no longer be edited, the side's own notice instead of the form.
 */
export function SavedChangeEditor({
  side,
  flowNo,
  notEditable,
  onSubmitted,
}: {
  side: ChangeSide;
  flowNo: string;
  notEditable: ReactNode;
  onSubmitted: ChangeEditorProps['onSubmitted'];
}) {
  const { i18n } = useLingui();
  const detail = useQuery(changeDetailQuery(side, flowNo, i18n.locale));
  const snapshot = useQuery(changeSnapshotQuery(side, flowNo, i18n.locale));
  if (detail.isPending || snapshot.isPending) return <PageLoader />;
  if (detail.isError || snapshot.isError) return <Alert color="red">{(detail.error ?? snapshot.error)?.message}</Alert>;
  const d = detail.data;
  if (!d.actions.edit) return notEditable;
  return (
    <>
      {d.reason && (
        <Alert color="red" title={<Trans>驳回原因</Trans>} data-testid="change-rejected-reason">
          {d.reason}
        </Alert>
      )}
      <ChangeEditor
        side={side}
        start={{
          flowNo: d.flowNo,
          supplierNo: d.supplierNo,
          modifyType: d.modifyType,
          modifyReason: d.modifyReason,
          record: d.record,
          documentList: d.documentList,
        }}
        before={snapshot.data.record}
        rules={d.rules}
        onSubmitted={onSubmitted}
      />
    </>
  );
}
