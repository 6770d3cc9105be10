import { type ComponentPropsWithoutRef, forwardRef } from 'react';
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconChevronDown } from '@tabler/icons-react';
import type { CurrentUser } from '#web/api/auth.ts';

type UserButtonProps = { user: CurrentUser } & ComponentPropsWithoutRef<'button'>;

/** The header's avatar and name: the target of the user menu. */
export const UserButton = forwardRef<HTMLButtonElement, UserButtonProps>(function UserButton({ user, ...rest }, ref) {
  const { t } = useLingui();
  return (
    <UnstyledButton ref={ref} aria-label={t`用户菜单`} data-testid="user-menu" {...rest}>
      <Group gap={6} wrap="nowrap">
        <Avatar size={28} radius="xl" color="blue" src={user.avatar}>
          {user.name.slice(0, 1)}
        </Avatar>
        <Text size="sm" visibleFrom="xs">
          {user.name}
        </Text>
        <IconChevronDown size={14} />
      </Group>
    </UnstyledButton>
  );
});
