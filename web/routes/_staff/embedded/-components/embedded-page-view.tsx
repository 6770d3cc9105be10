import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Alert, Box } from '@mantine/core';
import { embeddedAddress } from '#domain/shell/embedded-pages.ts';
import { embeddedPagesQuery } from '#web/api/embedded-pages.ts';
import { PageLoader } from '#web/components/page-loader.tsx';
import { tabStore } from '#web/shell/tab-store.ts';

/** What the shell leaves of the window's height: header 50, tab bar 36, footer 32, the page's padding 2 × 16. */
const FRAME_HEIGHT = 'calc(100dvh - 50px - 36px - 32px - 32px)';

/**
 * A configured page of another system, framed at full size. Only configured pages open, and `path` only
 * within the page's own origin (domain/shell/embedded-pages.ts); the CSP frames nothing else anyway.
 */
export function EmbeddedPageView({ id, path, title }: { id: string; path?: string; title?: string }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const pages = useQuery(embeddedPagesQuery(i18n.locale));
  const page = pages.data?.find((p) => p.id === id);
  const shownTitle = title ?? page?.title;

  // The tab bar names the browser's tab after it too.
  useEffect(() => tabStore.setCustomTitle(pathname, shownTitle), [pathname, shownTitle]);

  if (pages.isPending) return <PageLoader />;
  if (!page) {
    return (
      <Alert color="yellow" data-testid="embedded-unknown">
        <Trans>未配置该外部页面：{id}</Trans>
      </Alert>
    );
  }
  const address = embeddedAddress(page, path);
  if (!address) {
    return (
      <Alert color="red" data-testid="embedded-refused">
        <Trans>该地址不属于此外部页面，已拒绝打开。</Trans>
      </Alert>
    );
  }
  return (
    <Box h={FRAME_HEIGHT}>
      <iframe
        src={address}
        title={shownTitle}
        // The framed system keeps its own scripts and session; it may not navigate the shell itself.
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
        referrerPolicy="no-referrer"
        style={{ border: 0, width: '100%', height: '100%', display: 'block' }}
        data-testid="embedded-frame"
      />
    </Box>
  );
}
