import type { Db } from '#db/connection.ts';
import { CITY_COORDINATES, PROVINCE_SEATS } from '#domain/geo/area-coordinates.ts';
import type { GpsLocation } from '#domain/supplier-change/requests.ts';
import { notFound } from '#domain/errors.ts';
import { LOOKUP_TTL_MS, ttlCachePer } from './ttl-cache.ts';

/**
 * GET /common/v1/gps/location (req shell §7.7, req change §5.2: choosing a full factory address looks up its
 * coordinates). `Geocoder` is the port a real geocoding service plugs into; the built-in one locates an
 * address by the seeded areas (no external geocoder is reachable from this installation): the city or
 * province the picked area code or the address text names, at the coordinates of domain/geo.
 */
export interface Geocoder {
  locate(query: { address: string; areaCode?: string }): Promise<GpsLocation | null>;
}

type Area = { code: string; level: 'country' | 'province' | 'city'; name: string };

const areaCache = ttlCachePer<Area[]>(LOOKUP_TTL_MS);

/** An area's name without its administrative suffix, as addresses often write it (上海市 → 上海). */
const shortName = (name: string) => name.replace(/(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|省|市)$/, '');

const fmt = (n: number) => n.toFixed(2);

function locationOf(code: string): GpsLocation | null {
  const city = CITY_COORDINATES[code];
  if (city) return { longitude: fmt(city.lng), latitude: fmt(city.lat), precision: 'city' };
  const seat = PROVINCE_SEATS[code.slice(0, 2)];
  return seat ? { longitude: fmt(seat.lng), latitude: fmt(seat.lat), precision: 'province' } : null;
}

export function areaGeocoder(db: Db): Geocoder {
  const areas = () =>
    areaCache(db).get('cn', async () => {
      const rows = await db.selectFrom('area').select(['code', 'level', 'name_zh']).where('level', 'in', ['province', 'city']).execute();
      return rows.map((r) => ({ code: r.code, level: r.level, name: r.name_zh }));
    });
  return {
    async locate({ address, areaCode }) {
      if (areaCode && /^\d{2,6}$/.test(areaCode)) {
        const byCode = locationOf(areaCode.length > 4 ? areaCode.slice(0, 4) : areaCode);
        if (byCode) return byCode;
      }
      // The most precise area the text names: a city before a province, a longer name before a shorter.
      const named = (await areas())
        .filter((a) => address.includes(a.name) || (shortName(a.name).length >= 2 && address.includes(shortName(a.name))))
        .sort((a, b) => (a.level === b.level ? b.name.length - a.name.length : a.level === 'city' ? -1 : 1));
      for (const area of named) {
        const found = locationOf(area.code);
        if (found) return found;
      }
      return null;
    },
  };
}

/** The coordinates of an address, or 404 'factoryAddressNotFound' (the form then asks for them). */
export async function gpsLocation(geocoder: Geocoder, query: { address: string; areaCode?: string }): Promise<GpsLocation> {
  const found = await geocoder.locate(query);
  if (!found) throw notFound('factoryAddressNotFound');
  return found;
}
