import { describe, expect, it } from 'vitest';
import { odataError } from './odata-contract.ts';
import { refusalMessage, repeatabilityRequestId } from './http-erp-client.ts';

describe('the HTTP ERP adapter', () => {
  it("reads the ERP's messages from an OData error body", () => {
    expect(refusalMessage(JSON.stringify(odataError('R11/001', ['Tax number 1 is already assigned', 'Company code 9 does not exist'])))).toBe(
      'Tax number 1 is already assigned; Company code 9 does not exist',
    );
    expect(refusalMessage(JSON.stringify({ error: { code: 'X', message: { lang: 'en', value: 'Only the message' } } }))).toBe('Only the message');
    expect(refusalMessage('<html>Bad gateway</html>')).toBeUndefined();
    expect(refusalMessage('{}')).toBeUndefined();
  });

  it('sends one repeatability request id (a UUID) per idempotency key', () => {
    const id = repeatabilityRequestId('CF202611250001-SUPPLIER_CODE-1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(repeatabilityRequestId('CF202611250001-SUPPLIER_CODE-1')).toBe(id);
    expect(repeatabilityRequestId('CF202611250001-SUPPLIER_CODE-2')).not.toBe(id);
  });
});
