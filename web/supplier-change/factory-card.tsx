import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Badge, Box, Button, Checkbox, Group, MultiSelect, Paper, SimpleGrid, Text, Textarea, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMapPin, IconTrash } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { Locale } from '#domain/i18n.ts';
import { translate } from '#web/rule-messages.ts';
import {
  CHANGE_LIMITS,
  FACTORY_DICT,
  formatCoordinate,
  PROTECTED_FACTORY_STATES,
  remarkRoomLeft,
  uncheckCurrentJoin,
  UNSELECTABLE_FACTORY_STATES,
} from '#domain/supplier-change/change-form.ts';
import type { ChangeSupplierCategory } from '#domain/supplier-change/requests.ts';
import type { ChangeSide } from '#domain/supplier-change/status.ts';
import { gpsLocationQuery } from '#web/api/supplier-change.ts';
import { AreaPicker, type AnyForm, DictSelect, useAreaField } from '#web/forms/index.ts';
import { useFormReadOnly } from '#web/forms/caller.tsx';
import { useFieldProps } from '#web/hooks/use-rule-message.ts';
import { applyDroppingCityCode } from '#web/routes/_staff/cert-flow/-components/nodes/release/area-with-city-code.ts';
import { cacheOfJoin, canDeleteFactory, type ChangeFactoryValues, type JoinCache } from './change-values.ts';

/** The city-level picker: the free text beside it is the factory's own (≤ 50, req change §5.2). */
const CITY_KEYS = {
  country: 'countryCode',
  countryName: 'countryName',
  province: 'provinceCode',
  provinceName: 'provinceName',
  city: 'city',
};

export interface ChangeFactoryCardProps {
  form: AnyForm;
  side: ChangeSide;
  index: number;
  /** The factory as the snapshot has it (an existing factory), or undefined for one this change adds. */
  before: Record<string, unknown> | undefined;
  /** Holds scm-cspm:modify-factory-admin-role (req change §5.2). */
  factoryAdmin: boolean;
  categories: readonly ChangeSupplierCategory[];
  onRemove: () => void;
}

/**
 * One factory of the change (req change §2.2, §5.2). An existing factory keeps its name, admitted categories,
 * attribute, remark so far and city-level address unless the reader is a factory administrator; a protected
 * state (0 in admission, -1 eliminated) is theirs alone and 0 is never chosen. The address is a city-level
 * picker plus a free text of at most 50 characters; a complete address looks its coordinates up, shown
 * with 2 decimals. Checking "in this admission" asks for its categories; unchecking restores what was there.
 * Only a factory without a factory code can be deleted.
 */
export function ChangeFactoryCard({ form, side, index, before, factoryAdmin, categories, onRemove }: ChangeFactoryCardProps) {
  const { t, i18n } = useLingui();
  const field = useFieldProps(form);
  const area = useAreaField(form);
  const readOnly = useFormReadOnly();
  const queryClient = useQueryClient();
  const path = `factoryInfoDtoList.${index}`;
  const row = form.getValues().factoryInfoDtoList[index] as ChangeFactoryValues;
  const existing = before !== undefined;
  const locked = existing && !factoryAdmin;
  const joinCache = useRef<JoinCache | null>(null);
  const [locating, setLocating] = useState(false);
  const previousState = typeof before?.factoryState === 'number' ? before.factoryState : null;
  const stateLocked = !factoryAdmin && previousState !== null && PROTECTED_FACTORY_STATES.includes(previousState);
  const oldRemark = String((factoryAdmin ? row.remark : before?.remark) ?? '');
  const categoryData = categories.map((c) => ({
    value: c.categoryCode,
    label: c.categoryName,
  }));
  const nameOf = (codes: readonly string[]) => codes.map((c) => categories.find((x) => x.categoryCode === c)?.categoryName ?? c);

  /** A complete address (city and free text) looks its coordinates up (GET /common/v1/gps/location). */
  const locate = async () => {
    const r = form.getValues().factoryInfoDtoList[index] as ChangeFactoryValues;
    const address = [r.countryName, r.provinceName, r.city, r.address].filter(Boolean).join('');
    if (!r.city || !String(r.address ?? '').trim()) return;
    setLocating(true);
    try {
      const at = await queryClient.fetchQuery(gpsLocationQuery(side, address, r.cityCode || r.provinceCode || r.countryCode || ''));
      form.setFieldValue(`${path}.longitude`, at.longitude);
      form.setFieldValue(`${path}.latitude`, at.latitude);
      form.clearFieldError(`${path}.longitude`);
      form.clearFieldError(`${path}.latitude`);
    } catch {
      notifications.show({
        color: 'yellow',
        message: translate('factoryAddressNotFound', i18n.locale as Locale),
      });
    } finally {
      setLocating(false);
    }
  };

  const toggleJoin = (checked: boolean) => {
    const current = form.getValues().factoryInfoDtoList[index] as ChangeFactoryValues;
    if (checked) {
      joinCache.current = cacheOfJoin(current);
      form.setFieldValue(path, { ...current, currentJoin: true });
    } else {
      form.setFieldValue(path, uncheckCurrentJoin(current, joinCache.current ?? cacheOfJoin(emptyJoin)));
      form.clearFieldError(`${path}.currentCategoryCodes`);
    }
  };

  const deletable = canDeleteFactory(row);
  return (
    <Paper withBorder p="md" data-testid={`change-factory-${index}`} data-existing={existing || undefined}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="xs">
          <Text fw={600}>{t`工厂 ${index + 1}`}</Text>
          {row.factoryCode && (
            <Badge variant="light" color="teal">
              {row.factoryCode}
            </Badge>
          )}
        </Group>
        {!readOnly && (
          <Tooltip label={t`已有工厂编码的工厂不能删除`} disabled={deletable}>
            <ActionIcon variant="subtle" color="red" aria-label={t`删除工厂 ${index + 1}`} disabled={!deletable} onClick={onRemove}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
        <TextInput label={t`工厂名称`} withAsterisk maxLength={CHANGE_LIMITS.factoryName} disabled={locked} {...field(`${path}.baseName`)} />
        <DictSelect dictType={FACTORY_DICT.attribute} label={t`工厂属性`} withAsterisk disabled={locked} {...field(`${path}.factoryAttribute`)} />
        <DictSelect
          dictType={FACTORY_DICT.state}
          label={t`工厂状态`}
          numeric
          disabled={stateLocked}
          // Option 0 (in admission) is never chosen; -1 (eliminated) only by a factory administrator.
          only={(e) => {
            const state = Number(e.dictKey);
            if (row.factoryState !== null && row.factoryState !== '' && state === Number(row.factoryState)) return true;
            return !UNSELECTABLE_FACTORY_STATES.includes(state) && (factoryAdmin || !PROTECTED_FACTORY_STATES.includes(state));
          }}
          {...field(`${path}.factoryState`)}
        />
      </SimpleGrid>
      <Box mt="sm">
        <AreaPicker
          label={t`工厂地址`}
          withAsterisk
          disabled={locked}
          {...area(path, CITY_KEYS, (changes, part) => {
            applyDroppingCityCode(form, path, 'cityCode')(changes, part);
            void locate();
          })}
        />
        <Group align="flex-end" mt="xs" wrap="nowrap">
          <TextInput
            label={t`详细地址`}
            description={t`不超过${CHANGE_LIMITS.factoryAddress}个字符`}
            maxLength={CHANGE_LIMITS.factoryAddress}
            style={{ flex: 1 }}
            {...field(`${path}.address`)}
            onBlur={() => void locate()}
          />
          {!readOnly && (
            <Button
              variant="light"
              leftSection={<IconMapPin size={14} />}
              loading={locating}
              onClick={() => void locate()}
              data-testid={`factory-locate-${index}`}
            >
              {t`查询经纬度`}
            </Button>
          )}
        </Group>
        <SimpleGrid cols={2} mt="xs" maw={420}>
          <CoordinateInput label={t`经度`} {...field(`${path}.longitude`)} />
          <CoordinateInput label={t`纬度`} {...field(`${path}.latitude`)} />
        </SimpleGrid>
      </Box>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" mt="sm">
        {factoryAdmin ? (
          <MultiSelect
            label={t`已准入品类`}
            data={categoryData}
            searchable
            {...field(`${path}.categoryCodes`)}
            onChange={(codes) => {
              form.setFieldValue(`${path}.categoryCodes`, codes);
              form.setFieldValue(`${path}.categoryNames`, nameOf(codes));
            }}
          />
        ) : (
          <TextInput label={t`已准入品类`} readOnly variant="filled" value={(row.categoryNames ?? []).join(i18n.locale === 'en' ? ', ' : '、')} />
        )}
        <Box>
          <Checkbox
            mt={28}
            label={t`本次准入`}
            checked={Boolean(row.currentJoin)}
            disabled={readOnly}
            onChange={(e) => toggleJoin(e.currentTarget.checked)}
            data-testid={`factory-join-${index}`}
          />
        </Box>
        {row.currentJoin && (
          <MultiSelect
            label={t`本次准入品类`}
            withAsterisk
            data={categoryData}
            searchable
            {...field(`${path}.currentCategoryCodes`)}
            onChange={(codes) => {
              form.setFieldValue(`${path}.currentCategoryCodes`, codes);
              form.setFieldValue(`${path}.currentCategoryNames`, nameOf(codes));
              form.clearFieldError(`${path}.currentCategoryCodes`);
            }}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" mt="sm">
        <Textarea label={t`备注`} autosize minRows={2} maxRows={6} disabled={locked} maxLength={CHANGE_LIMITS.factoryRemark} {...field(`${path}.remark`)} />
        <Textarea
          label={t`本次备注`}
          description={t`备注合计不超过${CHANGE_LIMITS.factoryRemark}个字符，本次还可输入${remarkRoomLeft(oldRemark) - String(row.currentRemark ?? '').length}个`}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={remarkRoomLeft(oldRemark)}
          {...field(`${path}.currentRemark`)}
        />
      </SimpleGrid>
    </Paper>
  );
}

const emptyJoin = {
  currentCategoryCodes: [],
  currentCategoryNames: [],
  currentRemark: '',
} as unknown as ChangeFactoryValues;

/** A coordinate: typed as is (≤ 10 characters), shown with 2 decimals while not being edited (req change §5.2). */
function CoordinateInput(props: {
  label: string;
  value?: unknown;
  onChange?: (e: React.ChangeEvent<HTMLInputElement>) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  error?: React.ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const raw = props.value === null || props.value === undefined ? '' : String(props.value);
  return (
    <TextInput
      label={props.label}
      maxLength={CHANGE_LIMITS.coordinate}
      inputMode="decimal"
      error={props.error}
      value={editing ? raw : formatCoordinate(raw) || raw}
      onChange={props.onChange}
      onFocus={() => {
        setEditing(true);
        props.onFocus?.();
      }}
      onBlur={() => {
        setEditing(false);
        props.onBlur?.();
      }}
    />
  );
}
