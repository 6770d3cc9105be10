import { ActionIcon, Burger, Skeleton, Text, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconHelpCircle } from '@tabler/icons-react';
import type { CurrentUser } from '#web/api/auth.ts';
import { AnnouncementBell } from './announcements.tsx';
import { EnvTag, showsEnvTag } from './env-tag.tsx';
import { FactoryTag } from './factory-tag.tsx';
import { UserMenu } from './user-menu.tsx';
import classes from './header.module.css';

/** Whether the header carries a tag: on a phone the tags take a second row (header.module.css). */
export const headerHasTags = (user: CurrentUser | undefined) => !!user && (showsEnvTag(user.appEnv) || !!user.factoryLocation);

/**
 * Header: app name, environment tag, factory tag, help manual, announcements, user menu (req shell §2.6);
 * without a user yet (web/shell/shell-user.ts), a placeholder where the user menu goes.
 */
export function ShellHeader({ user, mobileOpened, onBurger }: { user: CurrentUser | undefined; mobileOpened: boolean; onBurger: () => void }) {
  const { t } = useLingui();
  return (
    <div className={classes.header}>
      <div className={classes.brand}>
        <Burger opened={mobileOpened} onClick={onBurger} hiddenFrom="md" size="sm" aria-label={t`菜单`} />
        <Text component={Link} to="/dashboard" fw={700} size="lg" c="blue.7" truncate="end">
          <Trans>供应商管理平台</Trans>
        </Text>
      </div>
      {user && headerHasTags(user) && (
        <div className={classes.tags} data-testid="header-tags">
          <EnvTag appEnv={user.appEnv} />
          {user.factoryLocation && <FactoryTag code={user.factoryLocation} />}
        </div>
      )}
      <div className={classes.actions}>
        <Tooltip label={t`帮助手册`}>
          <ActionIcon component={Link} to="/help" variant="subtle" color="gray" size="lg" aria-label={t`帮助手册`}>
            <IconHelpCircle size={20} />
          </ActionIcon>
        </Tooltip>
        <AnnouncementBell />
        {user ? <UserMenu user={user} /> : <Skeleton h={28} w={96} radius="xl" />}
      </div>
    </div>
  );
}
