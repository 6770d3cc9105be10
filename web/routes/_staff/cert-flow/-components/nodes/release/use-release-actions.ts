import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#web/rule-messages.ts';
import { releaseFormSchema } from '#domain/release/release-form.ts';
import { fieldErrors } from '#domain/rfi/sections/index.ts';
import type { ReleaseSaved } from '#domain/release/release-requests.ts';
import { ERROR_TOAST_MS, isApiError } from '#web/api/client.ts';
import { invalidateFlow } from '#web/api/cert-flow-detail.ts';
import { refusalMessages, releaseKeys, saveRelease, submitRelease } from '#web/api/release.ts';
import type { ReleaseFormApi } from './release-form-types.ts';
import type { ReleaseValues } from './release-values.ts';

const draftSchema = releaseFormSchema('draft');

export interface ReleaseActionsInput {
  flowNo: string;
  form: ReleaseFormApi;
  /** The version the form was read at. */
  version: number;
  /** Scrolls to the first field showing an error. */
  revealErrors: () => void;
}

/**
 * Save and submit of the release form (req flow §4.5, §5.12). Save checks the draft rules (types and
 * lengths) and stores the form; submit checks every rule, saves, then submits. A failed check, here
 * or on the server (field errors by dot path), shows at the fields with the form-wide message and
 * scrolls to the first; a refused submit keeps the returned messageList; a save from an older version
 * (409) asks for a reload instead of overwriting someone else's work.
 */
export function useReleaseActions({ flowNo, form, version: readVersion, revealErrors }: ReleaseActionsInput) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(readVersion);
  const [stale, setStale] = useState(false);
  const [refusal, setRefusal] = useState<string[] | null>(null);

  const save = useMutation({ mutationFn: (values: ReleaseValues) => saveRelease({ flowNo, version, form: values }) });
  const submit = useMutation({ mutationFn: ({ v, values }: { v: number; values: ReleaseValues }) => submitRelease({ flowNo, version: v, form: values }) });

  const formInvalid = () => {
    notifications.show({ color: 'red', message: translate('releaseFormInvalid', i18n.locale as Locale), autoClose: ERROR_TOAST_MS });
    revealErrors();
  };

  /** Shows a refused write: field errors at their fields, a stale version as such, anything else as a toast. */
  const refused = (err: unknown) => {
    if (isApiError(err) && err.status === 400 && Object.keys(err.fieldErrors).length) {
      form.setErrors(err.fieldErrors);
      formInvalid();
    } else if (isApiError(err) && err.status === 409) {
      setStale(true);
      notifications.show({ color: 'yellow', message: err.message || t`发布信息已在别处修改，请重新加载`, autoClose: ERROR_TOAST_MS });
    } else {
      notifications.show({ color: 'red', message: isApiError(err) && err.message ? err.message : t`操作失败`, autoClose: ERROR_TOAST_MS });
    }
  };

  const refresh = (flowChanged: boolean) => {
    void queryClient.invalidateQueries({ queryKey: releaseKeys.of(flowNo) });
    if (flowChanged) void invalidateFlow(queryClient, flowNo);
  };

  async function persist(): Promise<ReleaseSaved | null> {
    try {
      const saved = await save.mutateAsync(form.getValues());
      setVersion(saved.version);
      return saved;
    } catch (err) {
      refused(err);
      return null;
    }
  }

  return {
    version,
    stale,
    refusal,
    busy: save.isPending || submit.isPending,
    async save() {
      setRefusal(null);
      const draft = draftSchema.safeParse(form.getValues());
      if (!draft.success) {
        form.setErrors(fieldErrors(draft.error));
        formInvalid();
        return;
      }
      const saved = await persist();
      if (!saved) return;
      notifications.show({ color: 'green', message: saved.message || t`保存成功` });
      refresh(false);
    },
    async submit() {
      setRefusal(null);
      if (form.validate().hasErrors) {
        formInvalid();
        return;
      }
      const saved = await persist();
      if (!saved) return;
      try {
        const done = await submit.mutateAsync({ v: saved.version, values: form.getValues() });
        notifications.show({ color: 'green', message: done.message || t`提交成功` });
      } catch (err) {
        // Req flow §4.5: a refused submit shows the returned messageList (and its field errors at their fields).
        const messages = isApiError(err) ? refusalMessages(err.data) : [];
        if (messages.length) setRefusal(messages);
        refused(err);
      }
      refresh(true);
    },
  };
}
