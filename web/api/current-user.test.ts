import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';

const get = vi.fn();
vi.mock('./client.ts', () => ({ get }));
const { currentUserQuery, requestCurrentUserEarly } = await import('./current-user.ts');

/** A staff page asks for its user as the app starts, in the language the page will show. */
describe('the session user asked for early', () => {
  it('is asked in the given language, read once by the query, and asked again afterwards', async () => {
    get.mockResolvedValueOnce({ name: 'Early' }).mockResolvedValueOnce({ name: 'Again' });
    requestCurrentUserEarly('en');
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0][2]).toMatchObject({ locale: 'en', handleErrors: true });

    const client = new QueryClient();
    await expect(client.fetchQuery(currentUserQuery())).resolves.toEqual({ name: 'Early' });
    expect(get).toHaveBeenCalledTimes(1);
    await expect(client.fetchQuery({ ...currentUserQuery(), staleTime: 0 })).resolves.toEqual({ name: 'Again' });
    expect(get).toHaveBeenCalledTimes(2);
    expect(get.mock.calls[1][2].locale).toBeUndefined();
  });
});
