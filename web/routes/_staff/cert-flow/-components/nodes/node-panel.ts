import type { FlowDetail, FlowDetailNode } from '#domain/cert-flow/flow-detail.ts';

/**
 * What the progress page hands the screen of the node being viewed. A panel edits only when
 * `editable` (the node is in progress and the user is its principal, req flow §4.2, §6); otherwise it
 * shows the node read-only. After any change it calls `onChanged` so the page reloads the flow.
 */
export interface NodePanelProps {
  flow: FlowDetail;
  node: FlowDetailNode;
  /** The signed-in staff member's job number. */
  jobNumber: string;
  /** The node is in progress and this user is its task principal. */
  editable: boolean;
  onChanged(): void;
}
