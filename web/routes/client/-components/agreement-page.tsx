import { Container, Divider, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useLingui } from '@lingui/react';
import { LanguageSwitch } from '#web/components/language-switch.tsx';
import type { NoticeSection } from './agreement-types.ts';
import { noticeEn } from './agreement-en.ts';
import { noticeZh } from './agreement-zh.ts';

/** The privacy notice follows the language switch: the Chinese original or its full English version. */
export function AgreementPage() {
  const { i18n } = useLingui();
  const doc = i18n.locale === 'en' ? noticeEn : noticeZh;
  return (
    <Container size="md" py="xl">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <Title order={2}>{doc.title}</Title>
            <LanguageSwitch />
          </Group>
          <Text size="sm" c="dimmed" data-testid="notice-date">
            {doc.updated}
          </Text>
          {doc.intro.map((p) => (
            <Text key={p}>{p}</Text>
          ))}
          {doc.sections.map((s) => (
            <Section key={s.heading} section={s} />
          ))}
          <Divider my="sm" />
          <Title order={3}>{doc.statementHeading}</Title>
          {doc.statement.map((s) => (
            <Section key={s.heading} section={s} level={5} />
          ))}
        </Stack>
      </Paper>
    </Container>
  );
}

function Section({ section, level = 4 }: { section: NoticeSection; level?: 4 | 5 }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={level}>{section.heading}</Title>
      {section.paragraphs?.map((p) => (
        <Text key={p}>{p}</Text>
      ))}
      {section.items && (
        <List type="ordered" spacing={4} withPadding>
          {section.items.map((i) => (
            <List.Item key={i}>{i}</List.Item>
          ))}
        </List>
      )}
      {section.after?.map((p) => (
        <Text key={p}>{p}</Text>
      ))}
    </Stack>
  );
}
