import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { NodeCode } from '#domain/cert-flow/enums.ts';
import type { NodePanelProps } from './node-panel.ts';

type Panel = LazyExoticComponent<ComponentType<NodePanelProps>>;

/** A node screen split into its own chunk. */
const panel = (load: () => Promise<{ default: ComponentType<NodePanelProps> }>): Panel => lazy(load);

/**
 * The screen of each node (spec 2 §2.6), loaded when first opened. A node without an entry shows
 * the progress page's generic view (status, principal, and direct completion when optional).
 * Each panel module default-exports its component.
 */
export const NODE_PANELS: Partial<Record<NodeCode, Panel>> = {
  // One line per node, e.g. APTITUDE: panel(() => import('./aptitude-panel.tsx')),
  APTITUDE: panel(() => import('./aptitude-panel.tsx')),
  KCP1: panel(() => import('./kcp1-panel.tsx')),
  SAMPLE_CERT: panel(() => import('./sample-cert-panel.tsx')),
  SYSTEM_CERT: panel(() => import('./system-cert-panel.tsx')),
  SELF_INSPECTION: panel(() => import('./self-inspection-panel.tsx')),
};

