import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { Alert, Anchor, Badge, Button, Card, Center, Checkbox, Group, Loader, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DocumentItem } from '#domain/cert-flow/documents.ts';
import { PSW_ELEMENT, PSW_REASONS, PSW_REASON_TEXT, type PpapDetail } from '#domain/ppap/ppap.ts';
import { isApiError } from '#web/api/client.ts';
import { portalPpapQuery, standardKeys, submitPpapElement, submitPpapWarrant } from '#web/api/standards.ts';
import { FormCallerProvider, useWorkCounter } from '#web/forms/caller.tsx';
import { MultiUploadField } from '#web/forms/multi-upload-field.tsx';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import { ELEMENT_STATUS } from '#web/components/ppap-labels.ts';
import { PortalFrame } from './portal-frame.tsx';

/**
 * The supplier's PPAP submission of one flow (req flow §11.2): each element the level asks for uploaded on its own
 * (a returned one with the reviewer's reason, submitted again), and the Part Submission Warrant.
 */
export function PortalPpapPage({ flowNo }: { flowNo: string }) {
  const { i18n, t } = useLingui();
  const query = useQuery(portalPpapQuery(flowNo, i18n.locale));
  return (
    <PortalFrame title={t`PPAP 提交`}>
      {query.isPending ? (
        <Center h={160}>
          <Loader />
        </Center>
      ) : query.isError ? (
        <Alert color="red">
          <Trans>该流程没有 PPAP 提交，或您无权查看</Trans>
        </Alert>
      ) : (
        <Submission detail={query.data} />
      )}
    </PortalFrame>
  );
}

function Submission({ detail }: { detail: PpapDetail }) {
  const { i18n } = useLingui();
  const open = detail.mayAct;
  return (
    <Stack data-testid="portal-ppap">
      <Text>
        <Trans>
          {detail.supplierName} · 流程 {detail.flowNo} · 提交等级 {detail.level}
        </Trans>
      </Text>
      {detail.retained.length > 0 && (
        <Text size="sm" c="dimmed">
          <Trans>以下要素由贵司存档、无需提交：</Trans>
          {detail.retained.map((r) => `${r.no} ${r.name}`).join('，')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {detail.elements
          .filter((e) => e.code !== PSW_ELEMENT)
          .map((e) => (
            <ElementCard key={e.code} flowNo={detail.flowNo} element={e} open={open} statusLabel={i18n._(ELEMENT_STATUS[e.status].label)} />
          ))}
      </SimpleGrid>
      {detail.elements.some((e) => e.code === PSW_ELEMENT) && <WarrantCard detail={detail} open={open} />}
    </Stack>
  );
}

function ElementCard({ flowNo, element, open, statusLabel }: { flowNo: string; element: PpapDetail['elements'][number]; open: boolean; statusLabel: string }) {
  const { t } = useLingui();
  const tr = useRuleMessage();
  const queryClient = useQueryClient();
  const work = useWorkCounter();
  const [documents, setDocuments] = useState<DocumentItem[]>([]);
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: () => submitPpapElement({ flowNo, element: element.code, documentList: documents }),
    onSuccess: ({ message }) => {
      notifications.show({ color: 'green', message });
      setDocuments([]);
      void queryClient.invalidateQueries({ queryKey: standardKeys.portalPpap(flowNo) });
    },
    onError: (err) => {
      if (isApiError(err)) setError(err.fieldErrors.documentList ?? err.fieldErrors.element);
      notifications.show({ color: 'red', message: err.message });
    },
  });
  const writable = open && (element.status === 'AWAITING' || element.status === 'RETURNED');
  return (
    <Card withBorder data-testid={`portal-ppap-${element.code}`}>
      <Group justify="space-between" mb="xs">
        <Text fw={600}>
          {element.no}. {element.name}
        </Text>
        <Badge variant="light" color={ELEMENT_STATUS[element.status].color}>
          {statusLabel}
        </Badge>
      </Group>
      {element.returnReason && (
        <Alert color="orange" mb="xs">
          <Trans>退回原因：</Trans>
          {element.returnReason}
        </Alert>
      )}
      {element.documentList.map((d) => (
        <Anchor key={d.documentUrl} href={d.documentUrl} size="sm" display="block">
          {d.documentName}
        </Anchor>
      ))}
      {writable && (
        <FormCallerProvider value={{ supplier: false, portal: true, beginWork: work.beginWork }}>
          <MultiUploadField label={t`上传文件`} value={documents} onChange={setDocuments} error={tr(error)} limit={5} />
          <Group justify="flex-end" mt="xs">
            <Button size="xs" onClick={() => send.mutate()} loading={send.isPending} disabled={work.busy} data-testid={`portal-ppap-submit-${element.code}`}>
              <Trans>提交</Trans>
            </Button>
          </Group>
        </FormCallerProvider>
      )}
    </Card>
  );
}

function WarrantCard({ detail, open }: { detail: PpapDetail; open: boolean }) {
  const { i18n, t } = useLingui();
  const locale = i18n.locale === 'en' ? 'en' : 'zh';
  const tr = useRuleMessage();
  const queryClient = useQueryClient();
  const psw = detail.elements.find((e) => e.code === PSW_ELEMENT)!;
  const w = detail.warrant;
  const [v, setV] = useState({ partNumber: w?.partNumber ?? '', drawingChangeLevel: w?.drawingChangeLevel ?? '', reason: (w?.reason ?? null) as string | null, reasonOther: w?.reasonOther ?? '', declaration: w?.declaration ?? false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: () =>
      submitPpapWarrant({ flowNo: detail.flowNo, partNumber: v.partNumber, drawingChangeLevel: v.drawingChangeLevel, reason: v.reason as never, reasonOther: v.reasonOther, declaration: v.declaration as true, documentList: [] }),
    onSuccess: ({ message }) => {
      setErrors({});
      notifications.show({ color: 'green', message });
      void queryClient.invalidateQueries({ queryKey: standardKeys.portalPpap(detail.flowNo) });
    },
    onError: (err) => {
      if (isApiError(err)) setErrors(err.fieldErrors);
      notifications.show({ color: 'red', message: err.message });
    },
  });
  const writable = open && (psw.status === 'AWAITING' || psw.status === 'RETURNED');
  return (
    <Card withBorder data-testid="portal-ppap-warrant">
      <Group justify="space-between" mb="xs">
        <Title order={6}>
          18. <Trans>零件提交保证书（PSW）</Trans>
        </Title>
        <Badge variant="light" color={ELEMENT_STATUS[psw.status].color}>
          {i18n._(ELEMENT_STATUS[psw.status].label)}
        </Badge>
      </Group>
      {psw.returnReason && (
        <Alert color="orange" mb="xs">
          <Trans>退回原因：</Trans>
          {psw.returnReason}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t`零件号`} withAsterisk maxLength={50} readOnly={!writable} value={v.partNumber} onChange={(e) => setV({ ...v, partNumber: e.currentTarget.value })} error={tr(errors.partNumber)} data-testid="psw-part-number" />
        <TextInput label={t`图纸变更等级`} withAsterisk maxLength={20} readOnly={!writable} value={v.drawingChangeLevel} onChange={(e) => setV({ ...v, drawingChangeLevel: e.currentTarget.value })} error={tr(errors.drawingChangeLevel)} data-testid="psw-drawing-level" />
        <Select
          label={t`提交原因`}
          withAsterisk
          readOnly={!writable}
          data={PSW_REASONS.map((r) => ({ value: r, label: PSW_REASON_TEXT[r][locale] }))}
          value={v.reason}
          onChange={(r) => setV({ ...v, reason: r })}
          error={tr(errors.reason)}
          data-testid="psw-reason"
        />
        {v.reason === 'OTHER' && <TextInput label={t`其他原因说明`} maxLength={200} readOnly={!writable} value={v.reasonOther} onChange={(e) => setV({ ...v, reasonOther: e.currentTarget.value })} />}
      </SimpleGrid>
      <Checkbox
        mt="sm"
        label={t`我司声明：提交的样件由规定的图纸和规范要求的材料、在正常生产环境中以批量生产工装和过程制造，测量与试验结果满足全部要求。`}
        checked={v.declaration}
        disabled={!writable}
        onChange={(e) => setV({ ...v, declaration: e.currentTarget.checked })}
        error={tr(errors.declaration)}
        data-testid="psw-declaration"
      />
      {writable && (
        <Group justify="flex-end" mt="sm">
          <Button onClick={() => send.mutate()} loading={send.isPending} data-testid="psw-submit">
            <Trans>提交保证书</Trans>
          </Button>
        </Group>
      )}
    </Card>
  );
}
