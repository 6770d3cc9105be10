import { Box, Stack, Text, TextInput } from '@mantine/core';
import { hasValidity } from '#domain/certificates/certificate.ts';
import { Trans, useLingui } from '@lingui/react/macro';
import { onCertificateHoldChange } from '#domain/rfi/dependencies.ts';
import { isRequiredCertificate, type RfiSectionValues } from '#domain/rfi/sections/index.ts';
import { type AnyForm, RowTable, UploadField, UploadHint, useFileField, YesNo } from '#web/forms/index.ts';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { defineStep } from '../step-types.ts';
import { useDictionaryRows } from '../use-dictionary-rows.ts';
import { fillRows } from '../values.ts';

type CertificatesValues = RfiSectionValues<'certificates'>;
type CertificateRow = NonNullable<CertificatesValues['certificateList']>[number];

const certificateRow = (certificateType = ''): CertificateRow => ({
  certificateType,
  certificateName: '',
  certificateFileUrl: '',
  hold: null,
  issuer: '',
  certificateNo: '',
  validFrom: '',
  validUntil: '',
});

const certificatesValues = (data: unknown): CertificatesValues => ({
  certificateList: fillRows(certificateRow, (data as CertificatesValues | null)?.certificateList),
});

/** A row asks for its certificate's facts and validity once its file is there and its kind has a validity. */
const dated = (row: CertificateRow | undefined) => Boolean(row?.certificateFileUrl) && hasValidity(row?.certificateType ?? undefined);

/**
 * Step 5 (req rfi §3, §5): one row per certificate of dictionary certificate_file. IATF16949, ISO14000
 * and ISO45001 need a held-or-not answer and, when held, the file; changing the answer clears the
 * file. The other certificates are optional files. A dated certificate given with its file also takes its issuer,
 * number and validity (the master watches its end). The CERT node shows the same table (req flow §5.11)
 * for any form holding `certificateList`; read-only inside a FormReadOnlyProvider.
 */
export function CertificateTable({ form }: { form: AnyForm }) {
  const { t } = useLingui();
  const field = useFieldProps(form);
  const file = useFileField(form);
  const dict = useDictionaryRows(form, 'certificateList', 'certificate_file', 'certificateType', (key) => certificateRow(key));
  const rows = (form.getValues() as CertificatesValues).certificateList ?? [];

  return (
    <>
      <Text size="sm" c="dimmed">
        <Trans>带 * 的证书须选择是否持有；持有时须上传证书文件。其他证书可选上传。</Trans>
      </Text>
      <Box mb="xs">
        <UploadHint />
      </Box>
      <RowTable
        form={form}
        path="certificateList"
        aria-label={t`证书及文件`}
        minWidth={1120}
        empty={dict.isLoading ? t`加载中` : undefined}
        columns={[
          {
            key: 'type',
            title: t`证书`,
            width: '30%',
            render: (i) => (
              <Text size="sm" mt={6} fw={isRequiredCertificate(rows[i]?.certificateType) ? 500 : undefined}>
                {isRequiredCertificate(rows[i]?.certificateType) && (
                  <Text span c="red" mr={2}>
                    *
                  </Text>
                )}
                {dict.label(rows[i]?.certificateType)}
              </Text>
            ),
          },
          {
            key: 'hold',
            title: t`是否持有`,
            width: 180,
            render: (i, p) =>
              isRequiredCertificate(rows[i]?.certificateType) ? (
                <YesNo
                  aria-label={t`是否持有`}
                  {...field(`${p}.hold`)}
                  onChange={(hold) => {
                    form.setFieldValue(p, onCertificateHoldChange((form.getValues() as CertificatesValues).certificateList![i], hold));
                    form.clearFieldError(`${p}.hold`);
                  }}
                />
              ) : (
                <Text size="sm" c="dimmed" mt={6}>
                  <Trans>选填</Trans>
                </Text>
              ),
          },
          {
            key: 'file',
            title: t`证书文件`,
            render: (i, p) => {
              const row = rows[i];
              // A required certificate takes its file only when held; optional ones any time.
              if (isRequiredCertificate(row?.certificateType) && row?.hold !== true) {
                return (
                  <Text size="sm" c="dimmed" mt={6}>
                    {row?.hold === false ? t`未持有` : t`请先选择是否持有`}
                  </Text>
                );
              }
              return <UploadField hideHint {...file(`${p}.certificateName`, `${p}.certificateFileUrl`)} />;
            },
          },
          {
            key: 'facts',
            title: t`发证机构 / 证书编号`,
            width: 200,
            render: (i, p) =>
              dated(rows[i]) ? (
                <Stack gap={4}>
                  <TextInput size="xs" aria-label={t`发证机构`} placeholder={t`发证机构`} {...field(`${p}.issuer`)} />
                  <TextInput size="xs" aria-label={t`证书编号`} placeholder={t`证书编号`} {...field(`${p}.certificateNo`)} />
                </Stack>
              ) : null,
          },
          {
            key: 'validity',
            title: t`有效期`,
            width: 180,
            render: (i, p) =>
              dated(rows[i]) ? (
                <Stack gap={4}>
                  <TextInput size="xs" type="date" aria-label={t`生效日期`} {...field(`${p}.validFrom`)} />
                  <TextInput size="xs" type="date" aria-label={t`有效期至`} {...field(`${p}.validUntil`)} />
                </Stack>
              ) : null,
          },
        ]}
      />
    </>
  );
}

export const certificatesStep = defineStep({ key: 'certificates', Form: CertificateTable, initialValues: certificatesValues });
