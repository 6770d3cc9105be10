import { useEffect, useState } from 'react';
import { Outlet, useRouter, useRouterState } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AppShell, Box, useAppShellResize } from '@mantine/core';
import { useDisclosure, useHotkeys, useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import type { CurrentUser } from '#web/api/auth.ts';
import { headerHasTags, ShellHeader } from './header.tsx';
import { SidebarMenu } from './sidebar-menu.tsx';
import { TabBar } from './tab-bar.tsx';
import { tabStore } from './tab-store.ts';
import { useWatermark } from './watermark.ts';
import { useNoCacheRefetch } from './no-cache.ts';
import { FeedbackButton } from './feedback-button.tsx';
import { followPendingFlows } from '#web/api/cert-flow-detail.ts';

/** Req shell §2.6 / req shell §9: sidebar 225 px by default, resizable between 200 and 400; mobile below 992 px. */
const SIDEBAR = { default: 225, min: 200, max: 400 } as const;
const HEADER_HEIGHT = 50;
/** On a phone the header's tags sit on a second row (header.module.css). */
const HEADER_HEIGHT_TAGS_BELOW = 76;
const FOOTER_HEIGHT = 32;

/**
 * The staff application frame around every staff screen; without a user (the dashboard rendered at build,
 * web/shell/shell-user.ts) it shows with placeholders for the user's name and menu.
 */
export function StaffLayout({ user }: { user: CurrentUser | undefined }) {
  const { t } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [mobileOpened, { toggle, close }] = useDisclosure(false);
  const [refreshKey, setRefreshKey] = useState(0);
  const [width, setWidth] = useLocalStorage<number>({ key: 'shell_sidebar_width', defaultValue: SIDEBAR.default });
  const resize = useAppShellResize({
    navbar: { min: SIDEBAR.min, max: SIDEBAR.max, label: t`调整菜单宽度` },
    initialSizes: { navbar: clampWidth(width) },
    onResizeEnd: (sizes) => sizes.navbar && setWidth(clampWidth(sizes.navbar)),
  });
  const location = useRouterState({ select: (s) => s.location });
  const title = useRouterState({ select: (s) => s.matches[s.matches.length - 1]?.staticData.title });
  const hideFrame = String((location.search as Record<string, unknown>).hideFrame ?? '') === '1';

  useWatermark(user);
  useTrackTab(location.pathname, location.href, title);
  // A decision answered 202 (taken, still being carried out): its flow is refetched until it has moved on.
  useEffect(() => followPendingFlows(queryClient), [queryClient]);
  useNoCacheRefetch(location.pathname);
  // Matched on the physical key: with Shift held the key is ')' (US) or '=' (others), never '0'.
  useHotkeys([['ctrl+shift+Digit0', () => notifications.show({ title: t`版本信息`, message: buildInfoText(), autoClose: 8000 }), { usePhysicalKeys: true }]]);

  const refresh = () => {
    setRefreshKey((k) => k + 1);
    // The current screen's data is what is on screen: refetch that, not the whole cache.
    void router.invalidate();
    void queryClient.refetchQueries({ type: 'active' });
  };

  const page = (
    <Box key={`${location.pathname}#${refreshKey}`} p="md">
      <Outlet />
    </Box>
  );
  if (hideFrame) return page;

  return (
    <AppShell
      header={{ height: headerHasTags(user) ? { base: HEADER_HEIGHT_TAGS_BELOW, sm: HEADER_HEIGHT } : HEADER_HEIGHT }}
      footer={{ height: FOOTER_HEIGHT }}
      navbar={{ width: SIDEBAR.default, breakpoint: 'md', collapsed: { mobile: !mobileOpened } }}
      resize={resize}
      padding={0}
    >
      <AppShell.Header>
        <ShellHeader user={user} mobileOpened={mobileOpened} onBurger={toggle} />
      </AppShell.Header>
      <AppShell.Navbar data-testid="sidebar">
        <AppShell.Section grow component="div" style={{ overflowY: 'auto' }}>
          <SidebarMenu user={user} onNavigate={close} />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Box pos="sticky" top="var(--app-shell-header-offset, 0rem)" style={{ zIndex: 10 }}>
          <TabBar onRefresh={refresh} />
        </Box>
        {page}
      </AppShell.Main>
      <AppShell.Footer px="md" style={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end' }}>
        <FeedbackButton />
      </AppShell.Footer>
    </AppShell>
  );
}

function clampWidth(w: number): number {
  return Number.isFinite(w) ? Math.min(SIDEBAR.max, Math.max(SIDEBAR.min, w)) : SIDEBAR.default;
}

function useTrackTab(path: string, href: string, title: Parameters<typeof tabStore.open>[0]['title']) {
  useEffect(() => {
    tabStore.open({ path, href, title });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the title is a message descriptor; its id says when it changed
  }, [path, href, title?.id]);
}

function buildInfoText(): string {
  if (typeof __BUILD_INFO__ === 'undefined') return 'dev';
  const b = __BUILD_INFO__;
  return `v${b.version} · ${b.commit} · ${b.builtAt}`;
}
