import { Box, Group, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { supplierLoginPath } from '#domain/rfi/routes.ts';
import { supplierSession } from '#web/api/supplier-session.ts';
import { LanguageSwitch } from '#web/components/language-switch.tsx';
import { QuestionnaireForm } from '#web/rfi/questionnaire-form.tsx';
import { RfiSubmitted } from './rfi-submitted.tsx';

/**
 * The supplier's own questionnaire (req rfi §2 noauthRfiForm): register mode, resuming at the current
 * step. After submitting, the session ends and the page says what happens next, with the way back to the
 * login of this link (req rfi §4's return to the login, one click away rather than automatic).
 */
export function RfiPage({ temp }: { temp: string }) {
  const navigate = useNavigate();
  return (
    <Box mih="100vh" bg="gray.0">
      <Group justify="space-between" px="lg" py="sm" bg="white" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Title order={4}>
          <Trans>直采供应商注册RFI</Trans>
        </Title>
        <Box style={{ flexShrink: 0 }}>
          <LanguageSwitch />
        </Box>
      </Group>
      <Box p={{ base: 'sm', md: 'lg' }}>
        <QuestionnaireForm
          mode="register"
          id={temp}
          onSubmitted={() => supplierSession.clear()}
          afterSubmit={(result) => <RfiSubmitted result={result} onLogin={() => void navigate({ href: supplierLoginPath(temp), replace: true })} />}
        />
      </Box>
    </Box>
  );
}
