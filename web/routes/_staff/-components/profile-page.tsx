import { Avatar, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { currentUserQuery } from '#web/api/auth.ts';
import { PasswordCard, TotpCard } from './profile-security.tsx';

/** Personal center: the session user's own details (req shell §3.5), password and second factor. */
export function ProfilePage() {
  const { t } = useLingui();
  const { data: user } = useSuspenseQuery(currentUserQuery());
  const rows: [string, string | null][] = [
    [t`用户名`, user.username],
    [t`工号`, user.jobNumber],
    [t`邮箱`, user.email],
    [t`电话`, user.phone],
    [t`部门`, user.departmentName],
  ];
  return (
    <Stack maw={720}>
      <Title order={3}>
        <Trans>个人中心</Trans>
      </Title>
      <Card withBorder padding="lg">
        <Group mb="md">
          <Avatar size={56} radius="xl" color="blue" src={user.avatar}>
            {user.name.slice(0, 1)}
          </Avatar>
          <Stack gap={2}>
            <Text fw={600} size="lg">
              {user.name}
            </Text>
            <Group gap={4}>
              {user.roles.map((code, i) => (
                <Badge key={code} variant="light" size="sm" tt="none" data-testid="role-badge">
                  {user.roleNames[i]}
                </Badge>
              ))}
            </Group>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {rows.map(([label, value]) => (
            <Group key={label} gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed" w={72}>
                {label}
              </Text>
              <Text size="sm">{value || '—'}</Text>
            </Group>
          ))}
        </SimpleGrid>
      </Card>
      <PasswordCard />
      <TotpCard />
    </Stack>
  );
}
