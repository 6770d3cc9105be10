import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { TableHead } from '#web/components/table-head.tsx';
import { CATEGORY_LIFE_CYCLE } from '#domain/reference-data.ts';
import { supplierPageQuery } from '#web/api/certificates.ts';
import { CertificateTable } from '#web/components/certificate-table.tsx';
import { PageLoader } from '#web/components/page-loader.tsx';
import { Fact } from '#web/components/fact.tsx';
import { RequalificationCard } from './requalification-card.tsx';

/**
 * An admitted supplier (docs/decisions/0053-certificates-kept-valid.md, "Requalification"): its facts, its categories with
 * when each last qualified and is due again — a warning while a certificate has ended — its certificates with their
 * validity and renewals in approval, and its requalifications.
 */
export function SupplierPage({ supplierNo }: { supplierNo: string }) {
  const { t, i18n } = useLingui();
  const page = useQuery(supplierPageQuery(supplierNo, i18n.locale));
  if (page.isLoading) return <PageLoader />;
  if (!page.data) return <Alert color="red">{page.error?.message ?? t`加载失败`}</Alert>;
  const s = page.data;
  const ended = s.certificates.filter((c) => c.status === 'expired');
  return (
    <Stack maw={1100}>
      <Title order={4}>
        {s.name} ({s.supplierCode})
      </Title>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Fact label={t`供应商编号`}>{s.supplierNo}</Fact>
          <Fact label={t`供应商编码`}>{s.supplierCode}</Fact>
          <Fact label={t`统一社会信用代码`}>{s.creditCode}</Fact>
        </SimpleGrid>
      </Card>
      {s.blockingCertificates.length > 0 && (
        <Alert color="red" title={t`证书已过期，暂停新的认证与扩品`} data-testid="supplier-blocked">
          {t`以下证书换发并审批通过前，不能为该供应商发起新的认证流程或扩充品类：${s.blockingCertificates.join('、')}`}
        </Alert>
      )}
      <Card withBorder>
        <Title order={5} mb="sm">
          <Trans>品类</Trans>
        </Title>
        <Table.ScrollContainer minWidth={560}>
          <Table data-testid="supplier-categories">
            <TableHead titles={[t`品类`, t`状态`, t`最近认证`, t`下次再认证`]} />
            <Table.Tbody>
              {s.categories.map((c) => {
                const eliminated = c.categoryLifeCycle === CATEGORY_LIFE_CYCLE.ELIMINATED;
                return (
                  <Table.Tr key={c.categoryCode} data-testid={`category-${c.categoryCode}`}>
                    <Table.Td>{c.categoryName}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={eliminated ? 'gray' : c.restrictedOn ? 'red' : ended.length ? 'orange' : 'blue'}>
                        {eliminated ? t`已淘汰` : c.restrictedOn ? t`已限制（${c.restrictedOn}）` : t`已准入`}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{c.qualifiedOn ?? '-'}</Table.Td>
                    <Table.Td>{eliminated ? '-' : (c.nextRequalificationDay ?? t`仅手动`)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {ended.length > 0 && (
          <Text size="sm" c="orange" mt="xs" data-testid="category-certificate-warning">
            {t`证书已过期：${ended.map((c) => c.kindName).join('、')}，请督促供应商换证`}
          </Text>
        )}
      </Card>
      <Card withBorder>
        <Title order={5} mb="sm">
          <Trans>证书</Trans>
        </Title>
        <CertificateTable certificates={s.certificates} session="staff" />
      </Card>
      <RequalificationCard supplier={s} />
    </Stack>
  );
}

