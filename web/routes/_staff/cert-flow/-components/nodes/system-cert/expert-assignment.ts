import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#web/rule-messages.ts';
import { missingExperts, type SystemCertItem } from '#domain/cert-flow/nodes/system-cert.ts';
import type { StaffOption } from '#web/api/reference.ts';
import { isApiError } from '#web/api/client.ts';
import { saveSystemCertExperts } from '#web/api/system-cert.ts';
import type { ExpertChoice } from './item-cells.tsx';

/**
 * The purchasing manager's choice of review experts (people step, req flow §4.8): one staff member per
 * dimension, saved together. A required node needs every dimension's expert (req flow §5.8): the rows
 * left empty are marked before any request; the server's field errors (`items.<i>.approveExpertId`)
 * land on their row as well.
 */
export function useExpertAssignment(flowNo: string, items: SystemCertItem[], optional: boolean, onSaved: () => void) {
  const { i18n } = useLingui();
  const fromItems = () =>
    Object.fromEntries(items.map((i) => [i.indexCode, i.approveExpertId ? { jobNumber: i.approveExpertId, name: i.approveExpertName ?? '' } : null])) as Record<
      string,
      StaffOption | null
    >;
  const [chosen, setChosen] = useState(fromItems);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const itemsKey = items.map((i) => `${i.indexCode}:${i.approveExpertId ?? ''}`).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- reset when the saved experts change
  useEffect(() => setChosen(fromItems()), [itemsKey]);

  const save = useMutation({
    mutationFn: () => saveSystemCertExperts({ flowNo, items: items.map((i) => ({ indexCode: i.indexCode, approveExpertId: chosen[i.indexCode]?.jobNumber ?? null })) }),
    onSuccess: ({ message }) => {
      setErrors({});
      notifications.show({ color: 'green', message });
      onSaved();
    },
    onError: (err) => {
      if (!isApiError(err)) return;
      const byRow: Record<string, string> = {};
      for (const [path, message] of Object.entries(err.fieldErrors)) {
        const at = /^items\.(\d+)\./.exec(path);
        const item = at ? items[Number(at[1])] : undefined;
        if (item) byRow[item.indexCode] = message;
      }
      setErrors(byRow);
      notifications.show({ color: 'red', message: err.message });
    },
  });

  const choice = (indexCode: string): ExpertChoice => ({
    value: chosen[indexCode] ?? null,
    onChange: (value) => {
      setChosen((c) => ({ ...c, [indexCode]: value }));
      setErrors(({ [indexCode]: _, ...rest }) => rest);
    },
    error: errors[indexCode],
  });
  const dirty = items.some((i) => (chosen[i.indexCode]?.jobNumber ?? null) !== i.approveExpertId);
  const submit = () => {
    const missing = missingExperts(
      items.map((i) => ({ indexCode: i.indexCode, approveExpertId: chosen[i.indexCode]?.jobNumber ?? null })),
      optional,
      items.map((i) => i.indexCode),
    );
    if (!missing.length) return save.mutate();
    const message = translate('chooseAllExperts', (i18n.locale || 'zh') as Locale);
    setErrors(Object.fromEntries(missing.map((code) => [code, message])));
    notifications.show({ color: 'red', message });
  };
  return { choice, save: submit, saving: save.isPending, dirty };
}
