import { NavLink, Skeleton, Stack, Text } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { IconExternalLink } from '@tabler/icons-react';
import { embeddedPagesQuery } from '#web/api/embedded-pages.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CurrentUser } from '#web/api/auth.ts';
import { type MenuLink, isMenuEmpty, visibleMenu } from './menu.ts';

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** Entries of the placeholder shown before the user's menu is known. */
const PLACEHOLDER_ENTRIES = 6;

/** The permission-filtered menu (req shell §2.6); placeholders until the user is known (web/shell/shell-user.ts). */
export function SidebarMenu({ user, onNavigate }: { user: CurrentUser | undefined; onNavigate?: () => void }) {
  const { t, i18n } = useLingui();
  const { pathname } = useLocation();
  const embedded = useQuery(embeddedPagesQuery(i18n.locale)).data ?? [];
  if (!user) {
    return (
      <Stack component="nav" aria-label={t`菜单`} aria-busy gap="md" p="md" data-testid="side-menu">
        {Array.from({ length: PLACEHOLDER_ENTRIES }, (_, i) => (
          <Skeleton key={i} h={16} />
        ))}
      </Stack>
    );
  }
  const entries = visibleMenu(user.permissions.routes);

  const link = (e: MenuLink, nested = false) => (
    <NavLink
      key={e.to}
      component={Link}
      to={e.to}
      label={i18n._(e.title)}
      leftSection={nested ? null : <e.icon size={18} stroke={1.6} />}
      active={isActive(pathname, e.to)}
      onClick={onNavigate}
    />
  );

  return (
    <nav aria-label={t`菜单`} data-testid="side-menu">
      {entries.map((e) =>
        e.kind === 'link' ? (
          link(e)
        ) : (
          <NavLink
            key={e.id}
            label={i18n._(e.title)}
            leftSection={<e.icon size={18} stroke={1.6} />}
            defaultOpened={e.children.some((c) => isActive(pathname, c.to))}
          >
            {e.children.map((c) => link(c, true))}
          </NavLink>
        ),
      )}
      {embedded.length > 0 && (
        // Configured pages of other systems (EMBEDDED_PAGES), each in a full-size frame.
        <NavLink label={t`外部系统`} leftSection={<IconExternalLink size={18} stroke={1.6} />} defaultOpened={pathname.startsWith('/embedded/')} data-testid="embedded-menu">
          {embedded.map((p) => (
            <NavLink
              key={p.id}
              renderRoot={(props) => <Link {...props} to="/embedded/$id" params={{ id: p.id }} search={{ title: p.title }} />}
              label={p.title}
              active={pathname === `/embedded/${p.id}`}
              onClick={onNavigate}
            />
          ))}
        </NavLink>
      )}
      {isMenuEmpty(entries) && (
        <Text size="sm" c="dimmed" p="md" data-testid="empty-menu">
          <Trans>暂无菜单，请联系管理员添加权限</Trans>
        </Text>
      )}
    </nav>
  );
}
