import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogAreaOf } from '#web/catalog-areas.ts';
import { reachableFiles } from '#infra/web-catalog-areas.ts';

const webDir = path.resolve('web');
const reach = (routeFiles: string[]) => reachableFiles(webDir, routeFiles).map((f) => path.relative(webDir, f));

describe('catalog areas', () => {
  it('puts a page in the narrowest area that holds all of its routes', () => {
    expect(catalogAreaOf(['__root__', '/client/login/$temp'])).toBe('supplierLogin');
    expect(catalogAreaOf(['__root__', '/client/rfi/$temp'])).toBe('supplier');
    expect(catalogAreaOf(['__root__', '/_staff', '/_staff/dashboard'])).toBe('all');
    expect(catalogAreaOf(['__root__', '/$'])).toBe('all');
  });

  it("an area's catalog covers every module its pages reach, whatever folder it lives in", () => {
    const supplier = reach(['client']);
    // The questionnaire's steps load through import.meta.glob; the portal's change editor uses the release sections.
    expect(supplier).toContain('rfi/steps/step-01-company.tsx');
    expect(supplier).toContain('routes/_staff/cert-flow/-components/nodes/release/bank-section.tsx');
    // The app shell every page runs.
    expect(supplier).toContain('components/page-loader.tsx');
    expect(supplier).not.toContain('routes/_staff/dashboard.tsx');
  });

  it("the supplier login's catalog leaves the questionnaire out", () => {
    const login = reach(['client/login.$temp.tsx']);
    expect(login).toContain('routes/client/-components/code-login-card.tsx');
    expect(login).toContain('routes/client/-components/captcha-view.tsx');
    expect(login).not.toContain('rfi/questionnaire-form.tsx');
  });
});
