import { Center, Loader, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';

/** Req shell §2.6: the loading overlay reads that resources are loading. */
export function PageLoader() {
  return (
    <Center mih={240} w="100%">
      <Stack align="center" gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          <Trans>资源加载中，请稍候…</Trans>
        </Text>
      </Stack>
    </Center>
  );
}
