import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { ActionIcon, CloseButton, Group, Paper, ScrollArea, UnstyledButton, Stack } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type PageTab, tabStore, useTabs } from './tab-store.ts';
import classes from './tab-bar.module.css';

/** Req shell §9: the tab bar scrolls 80 px per step. */
const SCROLL_STEP = 80;
const TAB_BAR_HEIGHT = 36;

/** Where a page's own sticky element stops: under the header and the tab bar, which both stay in view. */
export const BELOW_TAB_BAR = `calc(var(--app-shell-header-offset, 0rem) + ${TAB_BAR_HEIGHT}px)`;

interface ContextMenuState {
  x: number;
  y: number;
  tab: PageTab;
}

/**
 * The browser's tab names the page shown, then the app ('认证流程管理 - 供应商管理平台'), in the user's language,
 * so the app open in several windows can be told apart; the app's name alone once the shell is gone.
 */
function useDocumentTitle(page: string | undefined) {
  const { t } = useLingui();
  useEffect(() => {
    const app = t`供应商管理平台`;
    document.title = page ? `${page} - ${app}` : app;
    return () => void (document.title = app);
  }, [page, t]);
}

/** Page tabs with a context menu: refresh, close, close others, close all (req shell §2.6). */
export function TabBar({ onRefresh }: { onRefresh: () => void }) {
  const { t, i18n } = useLingui();
  const tabs = useTabs();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const viewport = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<ContextMenuState | null>(null);
  const menuRef = useClickOutside(() => setMenu(null));

  useEffect(() => {
    viewport.current?.querySelector<HTMLElement>('[data-active="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, tabs.length]);

  const titleOf = (tab: PageTab) => tab.customTitle ?? (tab.title ? i18n._(tab.title) : t`未命名`);
  const active = tabs.find((x) => x.path === pathname);
  useDocumentTitle(active && titleOf(active));
  const go = (tab: PageTab) => void navigate({ href: tab.href });

  const close = (tab: PageTab) => {
    if (tab.affix) return;
    if (tab.path === pathname) go(tabStore.neighbour(tab.path));
    tabStore.close(tab.path);
  };
  const closeOthers = (tab: PageTab) => {
    tabStore.closeOthers(tab.path);
    if (tab.path !== pathname) go(tab);
  };
  const closeAll = () => {
    const current = tabs.find((x) => x.path === pathname);
    tabStore.closeAll();
    if (!current?.affix) go(tabStore.get()[0]);
  };
  const refresh = (tab: PageTab) => {
    if (tab.path !== pathname) go(tab);
    else onRefresh();
  };
  const act = (fn: (tab: PageTab) => void) => () => {
    if (menu) fn(menu.tab);
    setMenu(null);
  };
  const scroll = (dir: 1 | -1) => viewport.current?.scrollBy({ left: dir * SCROLL_STEP, behavior: 'smooth' });

  return (
    <Group gap={4} wrap="nowrap" h={TAB_BAR_HEIGHT} className={classes.bar} data-testid="tab-bar">
      <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => scroll(-1)} aria-label={t`向左滚动`}>
        <IconChevronLeft size={14} />
      </ActionIcon>
      <ScrollArea viewportRef={viewport} scrollbars="x" type="never" style={{ flex: 1 }}>
        <Group gap={4} wrap="nowrap" role="tablist">
          {tabs.map((tab) => {
            const active = tab.path === pathname;
            return (
              <UnstyledButton
                key={tab.path}
                role="tab"
                aria-selected={active}
                data-active={active}
                data-path={tab.path}
                className={classes.tab}
                onClick={() => go(tab)}
                onAuxClick={(e) => e.button === 1 && close(tab)}
                onContextMenu={(e) => {
                  e.preventDefault();
                  setMenu({ x: e.clientX, y: e.clientY, tab });
                }}
              >
                <span className={classes.title}>{titleOf(tab)}</span>
                {!tab.affix && (
                  <CloseButton
                    size="xs"
                    component="span"
                    aria-label={t`关闭`}
                    onClick={(e) => {
                      e.stopPropagation();
                      close(tab);
                    }}
                  />
                )}
              </UnstyledButton>
            );
          })}
        </Group>
      </ScrollArea>
      <ActionIcon variant="subtle" color="gray" size="sm" onClick={() => scroll(1)} aria-label={t`向右滚动`}>
        <IconChevronRight size={14} />
      </ActionIcon>
      {menu && (
        <Paper ref={menuRef} shadow="md" withBorder className={classes.menu} style={{ left: menu.x, top: menu.y }} role="menu">
          <Stack gap={0}>
            <UnstyledButton role="menuitem" className={classes.item} onClick={act(refresh)}>
              {t`刷新`}
            </UnstyledButton>
            <UnstyledButton role="menuitem" className={classes.item} disabled={menu.tab.affix} onClick={act(close)}>
              {t`关闭`}
            </UnstyledButton>
            <UnstyledButton role="menuitem" className={classes.item} onClick={act(closeOthers)}>
              {t`关闭其他`}
            </UnstyledButton>
            <UnstyledButton role="menuitem" className={classes.item} onClick={act(closeAll)}>
              {t`关闭所有`}
            </UnstyledButton>
          </Stack>
        </Paper>
      )}
    </Group>
  );
}
