import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { isApiError } from '#web/api/client.ts';
import { releaseFormQuery } from '#web/api/release.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import type { NodePanelProps } from './node-panel.ts';
import { LoadFailed } from './node-form-kit.tsx';
import { ReleaseEditor } from './release/release-editor.tsx';
import { ReleaseNodeActions } from './release/release-node-actions.tsx';

/**
 * The release screen of PRERELEASE and RELEASE (req flow §2.6 "the supplier master form", req flow §4.5): the
 * flow's one release form, written by KCP2's principal while the comprehensive evaluation runs and by
 * RELEASE's later. Neither node has a save or submit of its own (the form's are the application's);
 * RELEASE completes with the approval, or on confirmation when the code came from KCP2.
 */
export default function ReleasePanel({ flow, node, onChanged }: NodePanelProps) {
  return (
    <Stack>
      {node.nodeCode === 'RELEASE' && <ReleaseNodeActions flowNo={flow.flowNo} onChanged={onChanged} />}
      <ReleaseForm flow={flow} />
    </Stack>
  );
}

/** The flow's release form, or why there is none yet. */
function ReleaseForm({ flow }: Pick<NodePanelProps, 'flow'>) {
  const { i18n } = useLingui();
  const query = useQuery(releaseFormQuery(flow.flowNo, i18n.locale));
  // A new generation starts the form over from what is stored (a reload, a switched supplier code).
  const [generation, setGeneration] = useState(0);
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    // No application yet (or none at this point of the flow): the server says so.
    const refusal = query.error;
    if (isApiError(refusal) && (refusal.status === 404 || refusal.status === 409)) {
      return (
        <Alert color="gray" data-testid="release-not-started">
          {refusal.message}
        </Alert>
      );
    }
    return <LoadFailed onRetry={() => void query.refetch()} />;
  }
  return (
    <ReleaseEditor
      key={generation}
      flow={flow}
      detail={query.data}
      reload={() => void query.refetch().then(() => setGeneration((g) => g + 1))}
    />
  );
}
