import { Group, Menu, Text } from '@mantine/core';
import { openConfirmModal } from '#web/components/overlays/confirm-modal.ts';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { IconCheck, IconLanguage, IconLogout, IconUser } from '@tabler/icons-react';
import type { Locale } from '#domain/i18n.ts';
import { type CurrentUser, logoutEverywhere } from '#web/api/auth.ts';
import { switchLocale } from '#web/components/switch-locale.ts';
import { tabStore } from './tab-store.ts';
import { UserButton } from './user-button.tsx';

const LANGUAGES: { value: Locale; label: string }[] = [
  { value: 'zh', label: '中文' },
  { value: 'en', label: 'English' },
];

/**
 * User dropdown: language switch, personal center, logout with a confirm (req shell §2.6). Loaded at the
 * first click on the user button (user-menu.tsx), which it opens.
 */
export default function UserMenuDropdown({ user }: { user: CurrentUser }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirmLogout = () =>
    openConfirmModal({
      title: t`退出登录`,
      children: <Text size="sm">{t`确定要退出登录吗？`}</Text>,
      labels: { confirm: t`确定`, cancel: t`取消` },
      onConfirm: async () => {
        const leaving = await logoutEverywhere();
        tabStore.reset();
        queryClient.clear();
        if (!leaving) await navigate({ to: '/login', replace: true });
      },
    });

  return (
    <Menu position="bottom-end" width={200} shadow="md" defaultOpened>
      <Menu.Target>
        <UserButton user={user} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Group gap={4}>
            <IconLanguage size={14} />
            {t`语言`}
          </Group>
        </Menu.Label>
        {LANGUAGES.map((l) => (
          <Menu.Item
            key={l.value}
            rightSection={i18n.locale === l.value ? <IconCheck size={14} /> : null}
            onClick={() => void switchLocale(l.value)}
          >
            {l.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconUser size={14} />} onClick={() => void navigate({ to: '/profile' })}>
          {t`个人中心`}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={14} />} color="red" onClick={confirmLogout}>
          {t`退出登录`}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
