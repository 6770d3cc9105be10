import type { MessageId } from '../../messages.ts';
import { blank, type Issues, type Path, type Row } from './define.ts';
import { code, text } from './kit.ts';
import { ADDRESS_MAX, CHINA, CITY_MAX } from './address-limits.ts';

export { ADDRESS_MAX, CHINA, CITY_MAX };

/** Registered address of a company or a factory: country, province, city, detailed address. */
export const addressFields = {
  countryCode: code,
  countryName: text(100),
  provinceCode: code,
  provinceName: text(100),
  city: text(CITY_MAX),
  address: text(ADDRESS_MAX),
};

export interface AddressKeys {
  country: string;
  province: string;
  city: string;
  /** Absent for the headquarters, which stops at the city (req rfi §5). */
  address?: string;
}

export const REGISTERED_ADDRESS: AddressKeys = { country: 'countryCode', province: 'provinceCode', city: 'city', address: 'address' };
export const HEADQUARTERS_ADDRESS: AddressKeys = {
  country: 'headquartersCountryCode',
  province: 'headquartersProvinceCode',
  city: 'headquartersCity',
};

/**
 * Req rfi §5: the address checks run in order and the first failing one is reported, as the address
 * picker shows one message. Provinces exist in the area tables for China only, so the province is
 * asked for when the country is CN.
 */
export function checkAddress(issues: Issues, value: Row, keys: AddressKeys, prefix: Path = []): void {
  const steps: [string | undefined, MessageId, boolean][] = [
    [keys.country, 'chooseCountryRegion', true],
    [keys.province, 'chooseProvince', value[keys.country] === CHINA],
    [keys.city, 'fillCity', true],
    [keys.address, 'fillAddress', true],
  ];
  for (const [key, message, applies] of steps) {
    if (!key || !applies) continue;
    if (blank(value[key])) {
      issues.add([...prefix, key], message);
      return;
    }
  }
}
