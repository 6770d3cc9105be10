import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { NodeCode } from '#domain/cert-flow/enums.ts';
import { invalidateFlow } from '#web/api/cert-flow-detail.ts';
import { releaseKeys } from '#web/api/release.ts';

/**
 * Moves the progress page to a node of the flow: `showNode(flowNo, 'PRERELEASE')` after the KCP2
 * panel applied for a supplier code (req flow §4.5, "the view then moves to the PRERELEASE node"). The
 * same as opening `/cert-flow/detail?id=<flowNo>&node=<nodeCode>`; the flow and the release form are
 * read afresh, so the application just started shows.
 */
export function useShowNode(): (flowNo: string, node: NodeCode) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (flowNo, node) => {
    void queryClient.invalidateQueries({ queryKey: releaseKeys.of(flowNo) });
    void invalidateFlow(queryClient, flowNo);
    void navigate({ to: '/cert-flow/detail', search: { id: flowNo, node } });
  };
}
