import type { FileChooser, Locator, Page } from 'playwright-core';
import { pdfBytes, pngBytes } from '../../support/sample-files.ts';
import { ui } from './catalog.ts';
import type { Lang } from './lang.ts';
import { waitUntil } from './wait.ts';

/** Small real files, made here, of the kinds the uploader accepts. */
export const FILES = {
  pdf: (name: string) => ({ name, mimeType: 'application/pdf', buffer: pdfBytes(name) }),
  png: (name: string) => ({ name, mimeType: 'image/png', buffer: pngBytes() }),
};

/**
 * The questionnaire as a person works it: fields found by their visible labels (zh source texts,
 * shown in the page's language through the catalog), steps moved with the buttons.
 */
export class Questionnaire {
  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {}

  t(zh: string): string {
    return ui(this.lang, zh);
  }

  /** The open step's form. */
  get step(): Locator {
    return this.page.locator('[data-rfi-step]');
  }

  async stepKey(): Promise<string | null> {
    return this.step.getAttribute('data-rfi-step', { timeout: 20_000 });
  }

  async waitForStep(key: string): Promise<void> {
    await this.page.locator(`[data-rfi-step="${key}"]`).waitFor({ timeout: 20_000 });
  }

  /** A text, number or date input by its accessible name (a required mark is not part of it). */
  field(zhLabel: string, scope: Locator = this.step): Locator {
    return scope.getByRole('textbox', { name: this.t(zhLabel), exact: true });
  }

  async fill(zhLabel: string, value: string, scope?: Locator): Promise<void> {
    await this.field(zhLabel, scope).fill(value);
  }

  /** A Select: opens it and picks the option shown with this text (zh source or literal data). */
  async choose(zhLabel: string, option: string, opts: { scope?: Locator; nth?: number; literal?: boolean; search?: string } = {}): Promise<void> {
    const box = (opts.scope ?? this.step).getByRole('combobox', { name: this.t(zhLabel), exact: true }).nth(opts.nth ?? 0);
    await box.click();
    if (opts.search) await box.fill(opts.search);
    const name = opts.literal ? option : this.t(option);
    await this.page.getByRole('option', { name, exact: true }).first().click();
  }

  /** A yes/no or other radio group, by its label. */
  async answer(zhGroup: string, zhOption: string, opts: { scope?: Locator; nth?: number } = {}): Promise<void> {
    const group = (opts.scope ?? this.step).getByRole('radiogroup', { name: this.t(zhGroup) }).nth(opts.nth ?? 0);
    await group.getByRole('radio', { name: this.t(zhOption), exact: true }).check();
  }

  /** Uploads through the upload button under a label (the file chooser a person would see). */
  async upload(scope: Locator, file: Parameters<FileChooser['setFiles']>[0] & { name: string }): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await scope.getByRole('button', { name: new RegExp(`^(${this.t('上传文件')}|${this.t('重新上传')})$`) }).click();
    await (await chooser).setFiles(file);
    await scope.getByRole('link', { name: file.name }).waitFor({ timeout: 20_000 });
  }

  /** The labelled wrapper (Input.Wrapper) of a field that has no input of its own (upload, area). */
  wrapper(zhLabel: string, scope: Locator = this.step): Locator {
    return scope.locator('.mantine-InputWrapper-root').filter({ has: this.page.locator(':scope > label', { hasText: this.t(zhLabel) }) });
  }

  /** An address (country, province, city, detailed address) inside a labelled area picker. */
  async address(zhLabel: string, a: { country?: string; province: string; city: string; address?: string }, scope?: Locator): Promise<void> {
    const box = this.wrapper(zhLabel, scope);
    if (a.country) await this.choose('国家/地区', a.country, { scope: box, literal: true, search: a.country });
    await this.choose('省', a.province, { scope: box, literal: true, search: a.province });
    await box.getByRole('combobox', { name: this.t('市'), exact: true }).fill(a.city);
    await this.page.keyboard.press('Escape');
    if (a.address) await box.getByRole('textbox', { name: this.t('详细地址'), exact: true }).fill(a.address);
  }

  button(zh: string): Locator {
    return this.page.getByTestId('step-buttons').getByRole('button', { name: this.t(zh), exact: true });
  }

  /** Next: validates and saves; resolves when the following step has opened. */
  async next(expectKey: string): Promise<void> {
    await this.button('下一步').click();
    await this.waitForStep(expectKey);
  }

  /** Next expected to be refused: the step stays and shows its messages. */
  async nextRefused(): Promise<void> {
    const key = await this.stepKey();
    await this.button('下一步').click();
    await waitUntil(async () => (await this.step.locator('[aria-invalid="true"], .mantine-InputWrapper-error').count()) > 0, 'field messages');
    if ((await this.stepKey()) !== key) throw new Error(`Next left step ${key} although it was invalid`);
  }

  /** Whether a message is shown on the open step. */
  async shows(text: string): Promise<boolean> {
    return (await this.step.getByText(text, { exact: true }).count()) > 0;
  }
}
