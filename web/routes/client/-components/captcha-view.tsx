import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Center, Group, Image, Loader, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { queryClient } from '#web/api/query-client.ts';
import { captchaKey, fetchCaptcha } from '#web/api/rfi-captcha.ts';

export interface SolvedCaptcha {
  captchaId: string;
  captchaText: string;
}

/**
 * The security check that replaces the login form after repeated failed logins (req rfi §2). Each
 * challenge answers once on the server, so every showing fetches a new image.
 */
export function CaptchaView({ onSolved }: { onSolved: (captcha: SolvedCaptcha) => void }) {
  const { t } = useLingui();
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState('');
  // The client given, not read from the context: the supplier login loads Query with this view
  // (`staticData.queryOnDemand`), and the view may render before the context has it.
  const captcha = useQuery(
    {
      queryKey: captchaKey(round),
      queryFn: fetchCaptcha,
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
    },
    queryClient,
  );
  const another = () => {
    setAnswer('');
    setRound((r) => r + 1);
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (captcha.data && answer.trim()) onSolved({ captchaId: captcha.data.captchaId, captchaText: answer.trim() });
      }}
    >
      <Stack>
        <Title order={4}>
          <Trans>安全验证</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>请输入图片中的字符</Trans>
        </Text>
        <Center h={60}>
          {captcha.isPending ? (
            <Loader size="sm" />
          ) : captcha.data ? (
            // As an image, never as inline markup: an <img> cannot run anything the SVG might carry.
            <UnstyledButton onClick={another} title={t`看不清？换一张`}>
              <Image src={`data:image/svg+xml;utf8,${encodeURIComponent(captcha.data.svg)}`} alt={t`安全验证码`} h={50} w={150} />
            </UnstyledButton>
          ) : (
            <Text size="sm" c="red">
              {captcha.error?.message ?? t`系统错误`}
            </Text>
          )}
        </Center>
        <TextInput
          label={t`验证码`}
          value={answer}
          onChange={(e) => setAnswer(e.currentTarget.value)}
          maxLength={10}
          autoComplete="off"
          autoFocus
          data-testid="captcha-answer"
        />
        <Group grow>
          <Button variant="default" onClick={another}>
            <Trans>换一张</Trans>
          </Button>
          <Button type="submit" disabled={!captcha.data || !answer.trim()}>
            <Trans>确定</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
