import type { UseFormReturnType } from '@mantine/form';
import { useRuleMessage } from '#web/hooks/use-rule-message.ts';
import type { AreaPart, AreaPickerProps, AreaValue } from './area-picker.tsx';
import type { UploadFieldProps } from './upload-field.tsx';

/** Any Mantine form; the shared components address its values by dot path (`factoryList.0.city`). */
export type AnyForm = UseFormReturnType<any>;

/** The value at a dot path of the form's values. */
export function valueAt(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node == null ? undefined : (node as Record<string, unknown>)[key]), values);
}

const joinPath = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);

/** Where an address's parts live in the values (the registered address by default). */
export interface AreaFieldKeys {
  country: string;
  countryName?: string;
  province: string;
  provinceName?: string;
  city: string;
  address?: string;
}

const ADDRESS_KEYS: AreaFieldKeys = {
  country: 'countryCode',
  countryName: 'countryName',
  province: 'provinceCode',
  provinceName: 'provinceName',
  city: 'city',
  address: 'address',
};

/**
 * Binds an AreaPicker to a form: `<AreaPicker {...area('factoryList.0')} withAddress />`.
 * `apply` receives the changed fields (relative keys → values) when a dependency must run first
 * (e.g. the headquarters change resetting haveOtherAddress); by default they are set one by one.
 */
export function useAreaField(form: AnyForm) {
  return (prefix = '', keys: AreaFieldKeys = ADDRESS_KEYS, apply?: (changes: Record<string, unknown>, part: AreaPart) => void) => {
    const values = form.getValues();
    const at = (key: string | undefined) => (key ? valueAt(values, joinPath(prefix, key)) : undefined);
    const value: AreaValue = {
      countryCode: at(keys.country) as string | null,
      countryName: at(keys.countryName) as string | null,
      provinceCode: at(keys.province) as string | null,
      provinceName: at(keys.provinceName) as string | null,
      city: at(keys.city) as string | null,
      address: at(keys.address) as string | null,
    };
    const errorAt = (key: string | undefined) => (key ? form.errors[joinPath(prefix, key)] : undefined);
    const onChange: AreaPickerProps['onChange'] = (next, part) => {
      const changes: Record<string, unknown> = {
        [keys.country]: next.countryCode ?? null,
        [keys.province]: next.provinceCode ?? null,
        [keys.city]: next.city ?? '',
      };
      if (keys.countryName) changes[keys.countryName] = next.countryName ?? null;
      if (keys.provinceName) changes[keys.provinceName] = next.provinceName ?? null;
      if (keys.address) changes[keys.address] = next.address ?? '';
      if (apply) apply(changes, part);
      else for (const [key, v] of Object.entries(changes)) form.setFieldValue(joinPath(prefix, key), v);
      for (const key of [keys.country, keys.province, keys.city, keys.address]) if (key) form.clearFieldError(joinPath(prefix, key));
    };
    return {
      value,
      onChange,
      errors: { country: errorAt(keys.country), province: errorAt(keys.province), city: errorAt(keys.city), address: errorAt(keys.address) },
    } satisfies Pick<AreaPickerProps, 'value' | 'onChange' | 'errors'>;
  };
}

/**
 * Binds an UploadField to the two fields of a file (name and URL):
 * `<UploadField {...file('businessLicenseName', 'businessLicenseUrl')} />`. The URL's error shows.
 */
export function useFileField(form: AnyForm) {
  const tr = useRuleMessage();
  return (namePath: string, urlPath: string) => {
    const values = form.getValues();
    return {
      value: { name: valueAt(values, namePath) as string | null, url: valueAt(values, urlPath) as string | null },
      onChange: (next: { name: string; url: string }) => {
        form.setFieldValue(namePath, next.name);
        form.setFieldValue(urlPath, next.url);
        form.clearFieldError(urlPath);
        form.clearFieldError(namePath);
      },
      error: tr(form.errors[urlPath] ?? form.errors[namePath]),
    } satisfies Pick<UploadFieldProps, 'value' | 'onChange' | 'error'>;
  };
}
