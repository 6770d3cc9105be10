import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Anchor, Badge, Box, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { NODE_TASK_NAME } from '#domain/cert-flow/node-principals.ts';
import type { Locale } from '#domain/i18n.ts';
import { PORTAL_CHANGE_LIST_PATH } from '#domain/supplier-change/routes.ts';
import { portalScorecardPath as PORTAL_SCORECARD_PATH } from '#domain/assessment/round.ts';
import { PORTAL_LOGIN_PATH, portalSelfInspectionPath } from '#domain/supplier-portal/routes.ts';
import { portalSession } from '#web/api/portal-session.ts';
import { portalKeys, portalLogout, portalMeQuery, portalStagesQuery } from '#web/api/supplier-portal.ts';
import { LanguageSwitch } from '#web/components/language-switch.tsx';
import { AnnouncementBell } from '#web/shell/announcements.tsx';
import { FeedbackButton } from '#web/shell/feedback-button.tsx';
import { PORTAL_CERTIFICATES_PATH } from '#domain/certificates/certificate.ts';
import { CertificateTodos } from './certificate-todos.tsx';

/**
 * The supplier portal home: the account, the accepted suppliers its finished flows admitted (with code
 * and categories), and its certification flows with stage and current node; a flow whose
 * self-inspection is open links to it. Logout ends the session on the server too.
 */
const portalPpapPath = (flowNo: string) => `/client/portal/ppap?${new URLSearchParams({ flowNo })}`;

export function PortalHomePage() {
  const { t, i18n } = useLingui();
  const locale = (i18n.locale || 'zh') as Locale;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(portalMeQuery(locale));
  const stages = useQuery(portalStagesQuery(locale));
  const stageName = (stage: number) => stages.data?.find((d) => d.dictKey === String(stage))?.dictValue ?? String(stage);

  const logout = async () => {
    await portalLogout().catch(() => undefined);
    portalSession.clear();
    queryClient.removeQueries({ queryKey: portalKeys.all });
    void navigate({ href: PORTAL_LOGIN_PATH, replace: true });
  };

  return (
    <Box mih="100vh" bg="gray.0">
      {/* On a phone the actions wrap under the title instead of pushing the page sideways. */}
      <Group justify="space-between" px={{ base: 'sm', sm: 'lg' }} py="sm" gap="xs" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Title order={4}>
          <Trans>供应商门户</Trans>
        </Title>
        <Group gap="xs" justify="flex-end" ml="auto">
          <AnnouncementBell side="portal" />
          <FeedbackButton portal />
          <Button size="compact-xs" variant="subtle" renderRoot={(props) => <Link {...props} to="/client/portal/feedback" search={{ currentPage: 1, pageSize: 20 }} />} data-testid="portal-feedback-entry">
            <Trans>我的反馈</Trans>
          </Button>
          <Button size="compact-xs" variant="subtle" renderRoot={(props) => <Link {...props} to="/client/portal/audit-actions" />} data-testid="portal-audit-actions-entry">
            <Trans>审核措施项</Trans>
          </Button>
          <LanguageSwitch />
          <Button variant="subtle" size="xs" onClick={() => void logout()}>
            <Trans>退出登录</Trans>
          </Button>
        </Group>
      </Group>
      <Box p={{ base: 'sm', md: 'lg' }}>
        {me.isPending ? (
          <Center h={200}>
            <Loader />
          </Center>
        ) : me.data ? (
          <Stack>
            <Paper withBorder p="md">
              <Text fw={600}>{me.data.supplierName}</Text>
              <Text size="sm" c="dimmed">
                {me.data.email}
              </Text>
            </Paper>
            {me.data.admittedSuppliers.length > 0 && <CertificateTodos />}
            {me.data.admittedSuppliers.map((s) => (
              <Paper key={s.supplierCode} withBorder p="md" data-testid="portal-admitted">
                <Group gap="sm" mb="xs">
                  <Badge color="green" variant="light">
                    <Trans>已准入供应商</Trans>
                  </Badge>
                  <Text fw={600}>{s.supplierName}</Text>
                </Group>
                <Text size="sm">
                  <Trans>供应商编码</Trans>: <span data-testid="portal-supplier-code">{s.supplierCode}</span>
                </Text>
                {s.categories.length > 0 && (
                  <Text size="sm" c="dimmed">
                    <Trans>准入品类</Trans>: {s.categories.join(locale === 'en' ? ', ' : '、')}
                  </Text>
                )}
                <Button mt="sm" size="xs" variant="light" onClick={() => void navigate({ href: PORTAL_CHANGE_LIST_PATH })} data-testid="portal-change-entry">
                  <Trans>修改我的信息</Trans>
                </Button>
                <Button mt="sm" ml="sm" size="xs" variant="light" onClick={() => void navigate({ href: PORTAL_SCORECARD_PATH })} data-testid="portal-scorecard-entry">
                  <Trans>绩效评价结果</Trans>
                </Button>
                <Button mt="sm" ml="sm" size="xs" variant="light" onClick={() => void navigate({ href: PORTAL_CERTIFICATES_PATH })} data-testid="portal-certificates-entry">
                  <Trans>我的证书</Trans>
                </Button>
              </Paper>
            ))}
            <Paper withBorder p="md">
              <Title order={5} mb="sm">
                <Trans>认证流程</Trans>
              </Title>
              {me.data.flows.length === 0 ? (
                <Text c="dimmed">
                  <Trans>暂无认证流程</Trans>
                </Text>
              ) : (
                <Table.ScrollContainer minWidth={560}>
                  <Table striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t`流程编号`}</Table.Th>
                        <Table.Th>{t`供应商名称`}</Table.Th>
                        <Table.Th>{t`阶段`}</Table.Th>
                        <Table.Th>{t`当前节点`}</Table.Th>
                        <Table.Th>{t`操作`}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {me.data.flows.map((flow) => (
                        <Table.Tr key={flow.flowNo}>
                          <Table.Td>{flow.flowNo}</Table.Td>
                          <Table.Td>{flow.supplierName}</Table.Td>
                          <Table.Td>{stageName(flow.stage)}</Table.Td>
                          <Table.Td>{flow.currentNodeCode ? (NODE_TASK_NAME[flow.currentNodeCode]?.[locale] ?? flow.currentNodeCode) : '-'}</Table.Td>
                          <Table.Td>
                            {flow.hasPpap && (
                              <Anchor
                                size="sm"
                                mr="sm"
                                href={portalPpapPath(flow.flowNo)}
                                onClick={(e) => {
                                  e.preventDefault();
                                  void navigate({ href: portalPpapPath(flow.flowNo) });
                                }}
                                data-testid={`portal-ppap-${flow.flowNo}`}
                              >
                                <Trans>PPAP 提交</Trans>
                              </Anchor>
                            )}
                            {flow.selfInspectionOpen ? (
                              <Anchor
                                size="sm"
                                href={portalSelfInspectionPath(flow.flowNo)}
                                onClick={(e) => {
                                  e.preventDefault();
                                  void navigate({ href: portalSelfInspectionPath(flow.flowNo) });
                                }}
                              >
                                <Trans>填写自检</Trans>
                              </Anchor>
                            ) : (
                              !flow.hasPpap && '-'
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Paper>
          </Stack>
        ) : (
          <Text c="red">{me.error?.message}</Text>
        )}
      </Box>
    </Box>
  );
}
