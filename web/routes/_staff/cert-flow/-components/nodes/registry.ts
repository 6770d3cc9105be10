import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { NodeCode } from '#domain/cert-flow/enums.ts';
import type { NodePanelProps } from './node-panel.ts';

type Panel = LazyExoticComponent<ComponentType<NodePanelProps>>;

/** A node screen split into its own chunk. */
const panel = (load: () => Promise<{ default: ComponentType<NodePanelProps> }>): Panel => lazy(load);

const release = panel(() => import('./release-panel.tsx'));

/**
 * The screen of each node (req flow §2.6), loaded when first opened: the one place a node screen is
 * plugged in, one line per node. A node without an entry shows the progress page's generic view
 * (status, principal, and direct completion when optional). Each panel module default-exports its
 * component (props: NodePanelProps) and keys its queries under `flowDetailKeys.node(flowNo, nodeCode)`.
 */
export const NODE_PANELS: Partial<Record<NodeCode, Panel>> = {
  RFI: panel(() => import('./rfi-panel.tsx')),
  APTITUDE: panel(() => import('./aptitude-panel.tsx')),
  KCP1: panel(() => import('./meeting-conclusion-panel.tsx')),
  SELF_INSPECTION: panel(() => import('./self-inspection-panel.tsx')),
  SYSTEM_CERT: panel(() => import('./system-cert-panel.tsx')),
  SAMPLE_CERT: panel(() => import('./sample-cert-panel.tsx')),
  CERT: panel(() => import('./cert-panel.tsx')),
  KCP2: panel(() => import('./kcp2-panel.tsx')),
  PUBLICITY: panel(() => import('./publicity-panel.tsx')),
  PRERELEASE: release,
  RELEASE: release,
};
