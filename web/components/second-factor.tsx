import { Suspense, lazy } from 'react';
import { Alert, Box, Code, CopyButton, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TotpEnrolment } from '#domain/staff-identity/second-factor.ts';

// The QR encoder loads with an enrolment, not with the login page or the profile.
const TotpQr = lazy(() => import('./totp-qr.tsx'));

/**
 * The key of an enrolment: as a QR code of its otpauth URI for an authenticator app's camera, and, for
 * whoever cannot scan it, as text to type and as the URI itself (apps that take a link or a pasted URI).
 */
export function TotpKey({ enrolment }: { enrolment: TotpEnrolment }) {
  const { t } = useLingui();
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;
  return (
    <Stack gap="xs">
      <Text size="sm">
        <Trans>在身份验证器应用（如 Microsoft Authenticator、Google Authenticator）中扫描二维码添加账户；无法扫描时，输入以下密钥，或使用下面的 otpauth 链接：</Trans>
      </Text>
      {/* Holds the code's size while it loads, so the key below does not jump. */}
      <Box w={184} h={184}>
        <Suspense>
          <TotpQr uri={enrolment.uri} label={t`身份验证器二维码（内容与下方 otpauth 链接相同）`} />
        </Suspense>
      </Box>
      <Code block data-testid="totp-secret" fz="md">
        {grouped}
      </Code>
      <Code block data-testid="totp-uri" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {enrolment.uri}
      </Code>
      <CopyButton value={enrolment.uri}>
        {({ copied, copy }) => (
          <Button size="xs" variant="light" onClick={copy}>
            {copied ? t`已复制` : t`复制链接`}
          </Button>
        )}
      </CopyButton>
    </Stack>
  );
}

/** Recovery codes, shown once after an enrolment: each opens one login when the authenticator is lost. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  return (
    <Stack gap="xs">
      <Alert color="yellow" variant="light">
        <Trans>请妥善保存以下恢复码：每个恢复码只能使用一次，在无法使用身份验证器时代替验证码登录。它们只显示这一次。</Trans>
      </Alert>
      <SimpleGrid cols={2} spacing={4} data-testid="recovery-codes">
        {codes.map((c) => (
          <Code key={c}>{c}</Code>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
