import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Button, Fieldset, Group, List, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useLingui } from '@lingui/react/macro';
import type { FlowDetail } from '#domain/cert-flow/flow-detail.ts';
import { releaseFormSchema } from '#domain/release/release-form.ts';
import type { ReleaseFormDetail } from '#domain/release/release-requests.ts';
import { flowCategoriesQuery } from '#web/api/rfi-questionnaire.ts';
import { FormCallerProvider, FormReadOnlyProvider, useStaffUploads } from '#web/forms/index.ts';
import readOnlyClasses from '#web/rfi/read-only.module.css';
import { SectionBlock } from '#web/rfi/section-block.tsx';
import { InvoiceBlock } from '#web/rfi/steps/company/invoice-block.tsx';
import { ContactTable } from '#web/rfi/steps/step-02-contacts.tsx';
import { BankSection } from './bank-section.tsx';
import { BasicInfoSection } from './basic-info-section.tsx';
import { DocumentSection } from './document-section.tsx';
import { FactorySection } from './factory-section.tsx';
import { PurchaseSection } from './purchase-section.tsx';
import { ReleaseStatus } from './release-status.tsx';
import { releaseValues, type ReleaseValues } from './release-values.ts';
import { SapVendorDialog } from './sap-vendor-dialog.tsx';
import { useReleaseActions } from './use-release-actions.ts';

/** Req flow §5.12: the release form's contacts need a name, a position, an area code and a phone. */
const RELEASE_CONTACT_REQUIRED = ['name', 'position', 'contactAreaCode', 'contactNumber'] as const;

export interface ReleaseEditorProps {
  flow: FlowDetail;
  detail: ReleaseFormDetail;
  /** Reads the form again and starts over from it (after a stale save or a switched supplier code). */
  reload: () => void;
}

/**
 * The release form (req flow §3.16) in its sections, with its status, save and submit. Read-only,
 * without the buttons, when submitted or approved (req flow §4.5) or for anyone who may not write it now.
 */
export function ReleaseEditor({ flow, detail, reload }: ReleaseEditorProps) {
  const { t } = useLingui();
  const readOnly = detail.readOnly || !detail.writable;
  const schema = useMemo(
    () => releaseFormSchema('full', { highPotential: detail.rules.highPotential, effectivePurchaseOrgs: detail.rules.effectivePurchaseOrgs }),
    [detail.rules.highPotential, detail.rules.effectivePurchaseOrgs],
  );
  const form = useForm<ReleaseValues>({
    mode: 'controlled',
    initialValues: releaseValues(detail.form),
    validate: zod4Resolver(schema),
    validateInputOnBlur: !readOnly,
  });
  const box = useRef<HTMLDivElement>(null);
  const revealErrors = () =>
    requestAnimationFrame(() => box.current?.querySelector('[aria-invalid="true"], .mantine-InputWrapper-error')?.scrollIntoView({ block: 'center', behavior: 'smooth' }));
  const actions = useReleaseActions({ flowNo: flow.flowNo, form, version: detail.version, revealErrors });
  const uploads = useStaffUploads();
  const [vendorOpen, setVendorOpen] = useState(false);
  const categories = useQuery({ ...flowCategoriesQuery('view', rfiApplyNo(flow)), enabled: Boolean(rfiApplyNo(flow)) });
  const busy = actions.busy || uploads.busy;

  return (
    <Stack data-testid="release-panel" data-read-only={readOnly || undefined}>
      <ReleaseStatus detail={detail} />
      {actions.stale && (
        <Alert color="yellow" title={t`发布信息已在别处修改`} data-testid="release-stale">
          <Group justify="space-between">
            {t`请重新加载后再编辑；重新加载会放弃当前未保存的内容。`}
            <Button size="xs" variant="light" onClick={reload}>
              {t`重新加载`}
            </Button>
          </Group>
        </Alert>
      )}
      <Box ref={box}>
        <form noValidate onSubmit={(e) => e.preventDefault()} aria-label={t`供应商发布信息`}>
          {/* A disabled fieldset makes every input read-only at once; the file links stay usable. */}
          <Fieldset variant="unstyled" disabled={readOnly} p={0} m={0} className={readOnly ? readOnlyClasses.readOnly : undefined}>
            <FormCallerProvider value={uploads.caller}>
              <FormReadOnlyProvider value={readOnly}>
                <BasicInfoSection form={form} />
                <FactorySection form={form} />
                <SectionBlock title={t`联系人信息`} stack>
                  <ContactTable form={form} readOnly={readOnly} categories={categories.data} required={RELEASE_CONTACT_REQUIRED} />
                </SectionBlock>
                <BankSection form={form} />
                <PurchaseSection form={form} effectivePurchaseOrgs={detail.rules.effectivePurchaseOrgs} />
                <InvoiceBlock form={form} prefix="invoice." />
                <DocumentSection form={form} highPotential={detail.rules.highPotential} />
              </FormReadOnlyProvider>
            </FormCallerProvider>
          </Fieldset>
        </form>
      </Box>
      {actions.refusal && (
        <Alert color="red" title={t`提交失败`} data-testid="release-refusal">
          <List size="sm">
            {actions.refusal.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {!readOnly && (
        <Group
          justify="flex-end"
          gap="sm"
          py="sm"
          data-testid="release-buttons"
          // The form is long: its buttons stay in reach at the bottom of the view.
          style={{ position: 'sticky', bottom: 'var(--app-shell-footer-offset, 0rem)', zIndex: 3, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Button variant="subtle" disabled={busy} onClick={() => setVendorOpen(true)} data-testid="release-sap-vendor">
            {t`使用SAP已有供应商`}
          </Button>
          <Button variant="default" loading={actions.busy} disabled={busy} onClick={() => void actions.save()} data-testid="release-save">
            {t`保存`}
          </Button>
          <Button loading={actions.busy} disabled={busy} onClick={() => void actions.submit()} data-testid="release-submit">
            {t`提交`}
          </Button>
        </Group>
      )}
      {!readOnly && (
        <SapVendorDialog
          opened={vendorOpen}
          onClose={() => setVendorOpen(false)}
          flowNo={flow.flowNo}
          version={actions.version}
          currentCode={form.getValues().basicInfo.supplierCode}
          onSwitched={reload}
          onStale={() => setVendorOpen(false)}
        />
      )}
    </Stack>
  );
}

/** The flow's questionnaire (its contacts answer for the application's categories). */
function rfiApplyNo(flow: FlowDetail): string {
  return flow.stageOneList.find((n) => n.nodeCode === 'RFI')?.taskList.find((task) => task.applyNo)?.applyNo ?? '';
}
