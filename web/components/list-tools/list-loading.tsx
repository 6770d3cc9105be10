import { LoadingOverlay } from '@mantine/core';
import { useMinimumLoading } from './use-minimum-loading.ts';

/**
 * The loading indicator over a list while it fetches (req shell §4): shown when a request starts, kept at
 * least 300 ms. The rows stay beneath it, so paging does not make the table jump, and stay clickable:
 * the indicator says data is on its way, it does not hold the user up for the 300 ms it lingers. Its
 * parent needs `pos="relative"`.
 */
export function ListLoading({ loading }: { loading: boolean }) {
  const visible = useMinimumLoading(loading);
  return <LoadingOverlay visible={visible} zIndex={2} overlayProps={{ blur: 0, backgroundOpacity: 0.4 }} loaderProps={{ size: 'sm' }} style={{ pointerEvents: 'none' }} data-testid="list-loading" />;
}
