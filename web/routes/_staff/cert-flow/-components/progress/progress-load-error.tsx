import { useEffect } from 'react';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { isApiError } from '#web/api/client.ts';

/**
 * The progress page's flow that could not be read. An unknown flow (404) or a refusal (403) stays
 * so; anything else offers a retry, which loads the route again.
 */
export function ProgressLoadError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  // Lets the page's query fetch again instead of rethrowing the cached error.
  useEffect(() => {
    queryErrorResetBoundary.reset();
  }, [queryErrorResetBoundary]);
  const final = isApiError(error) && (error.status === 404 || error.status === 403);
  return (
    <Alert color="red" title={<Trans>无法加载流程</Trans>} data-testid="progress-error">
      <Stack gap="xs">
        <Text size="sm">{isApiError(error) ? error.message : String(error)}</Text>
        {!final && (
          <Group>
            <Button size="xs" variant="default" onClick={() => void router.invalidate()}>
              <Trans>重试</Trans>
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
