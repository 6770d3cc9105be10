import type { Locator, Page } from 'playwright-core';
import type { Db } from '#db/connection.ts';
import { pdfBytes } from '../../support/sample-files.ts';
import { withScreenshot } from './review.ts';

/**
 * The certification flow's node screens as a person works them (req flow §2.3, §4): the progress page,
 * its step bar, the node panels' uploads and confirmations; plus the same calls the screens make, in
 * the user's own browser session, for the repeated rows a test drives once through the screen.
 */

export type NodeState = 'notStarted' | 'inProgress' | 'finished' | 'closed';

interface Envelope<T> {
  code: number;
  data: T;
  message?: string;
  errors?: Record<string, string>;
}

/** A small real PDF, as a file chooser takes it. */
export const pdf = (name: string) => ({ name, mimeType: 'application/pdf', buffer: pdfBytes(name) });

/** Opens the progress page of a flow (the link the task mail carries) and waits for it. */
export async function openProgress(page: Page, appUrl: string, flowNo: string): Promise<void> {
  await page.goto(`${appUrl}/cert-flow/detail?id=${encodeURIComponent(flowNo)}`);
  await page.locator(`[data-testid="progress-page"][data-flow-no="${flowNo}"]`).waitFor({ timeout: 20_000 });
}

/** A node in the step bar. */
export const stepNode = (page: Page, nodeCode: string): Locator => page.getByTestId('step-bar').locator(`[data-node-code="${nodeCode}"]`);

export async function nodeStateOf(page: Page, nodeCode: string): Promise<string | null> {
  return stepNode(page, nodeCode).getAttribute('data-node-state');
}

/**
 * Waits until the step bar shows the node in `state`, as the page renders what it has read: a
 * completion answers with the next node open, so the read that follows it shows that node.
 */
export async function waitNodeState(page: Page, nodeCode: string, state: NodeState): Promise<void> {
  await page.getByTestId('step-bar').locator(`[data-node-code="${nodeCode}"][data-node-state="${state}"]`).waitFor({ timeout: 15_000 });
}

/** Reads the page afresh with its refresh button: for what another person did in another browser. */
export async function refresh(page: Page): Promise<void> {
  await page.getByRole('button', { name: '刷新', exact: true }).click();
}

/**
 * Clicks a task principal's button (the node's complete, submit, save…) once it is live for them: the
 * panel shows it inert (`data-disabled`) until the node's detail says the reader may act, and a page that
 * just moved on to the node may still hold the previous answer.
 */
export async function clickAsPrincipal(page: Page, testId: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"]:not([data-disabled])`).click({ timeout: 15_000 });
}

/** Clicks a node in the step bar and waits for its panel in the node area. */
export async function openNode(page: Page, nodeCode: string): Promise<Locator> {
  await stepNode(page, nodeCode).click();
  const area = page.locator(`[data-testid="node-area"][data-node-code="${nodeCode}"]`);
  await area.waitFor({ timeout: 15_000 });
  return area;
}

/**
 * Uploads through the '上传文件' button inside `scope` (the file chooser a person sees); waits until the file is
 * stored. A list shows the file's name while it is still uploading, so the name alone is not enough: the
 * upload's progress bar is gone too.
 */
export async function uploadIn(page: Page, scope: Locator, file: ReturnType<typeof pdf>): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await scope.getByRole('button', { name: /^(上传文件|重新上传)$/ }).first().click();
  await (await chooser).setFiles(file);
  await scope.getByText(file.name, { exact: true }).first().waitFor({ timeout: 20_000 });
  await scope.getByRole('progressbar').first().waitFor({ state: 'detached', timeout: 20_000 });
}

/** Holds the page's staff uploads until `release()`: a slow upload, as the form sees it. */
export async function holdUploads(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/common/v1/file', async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** Answers the open confirmation dialog with '确定'; returns its text. */
export async function confirmDialog(page: Page, title: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await dialog.waitFor();
  const text = await dialog.innerText();
  await dialog.getByRole('button', { name: '确定', exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  return text;
}

/** Waits for a green notification with this text. */
export async function toast(page: Page, text: string): Promise<void> {
  await page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor({ timeout: 20_000 });
}

/** The same calls the staff screens make, sent with the staff session of the page's browser context. */
export function staffCalls(page: Page, appUrl: string) {
  const request = page.context().request;
  async function unwrap<T>(res: Awaited<ReturnType<typeof request.get>>, path: string): Promise<T> {
    const body = (await res.json()) as Envelope<T>;
    if (!res.ok() || body.code !== 0) throw new Error(`${path}: ${res.status()} ${body.message ?? ''} ${JSON.stringify(body.errors ?? {})}`);
    return body.data;
  }
  return {
    get: async <T>(path: string, params: Record<string, string>) => {
      const res = await request.get(`${appUrl}${path}?${new URLSearchParams(params)}`, { headers: { 'x-locale': 'zh' } });
      return unwrap<T>(res, path);
    },
    post: async <T = { message: string }>(path: string, data: unknown) => {
      const res = await request.post(`${appUrl}${path}`, { data, headers: { 'x-locale': 'zh' } });
      return unwrap<T>(res, path);
    },
    upload: async (name: string) => {
      const res = await request.post(`${appUrl}/common/v1/file`, { multipart: { file: pdf(name) } });
      const file = await unwrap<{ fileName: string; url: string }>(res, '/common/v1/file');
      return { documentName: file.fileName, documentUrl: file.url };
    },
  };
}

/** The supplier portal's calls, with the portal token the login page stored in the tab. */
export async function portalCalls(page: Page, appUrl: string) {
  const token = await page.evaluate(() => sessionStorage.getItem('portal-token'));
  if (!token) throw new Error('the supplier is not logged in to the portal on this page');
  const send = async <T>(path: string, body: BodyInit, json: boolean): Promise<T> => {
    const res = await fetch(`${appUrl}${path}`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${token}`, 'x-locale': 'zh', ...(json ? { 'content-type': 'application/json' } : {}) },
    });
    const parsed = (await res.json()) as Envelope<T>;
    if (!res.ok || parsed.code !== 0) throw new Error(`${path}: ${res.status} ${parsed.message ?? ''} ${JSON.stringify(parsed.errors ?? {})}`);
    return parsed.data;
  };
  return {
    post: <T = { message: string }>(path: string, data: unknown) => send<T>(path, JSON.stringify(data), true),
    upload: async (name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pdfBytes(name))], { type: 'application/pdf' }), name);
      const file = await send<{ fileName: string; url: string }>('/common/v1/file', form, false);
      return { documentName: file.fileName, documentUrl: file.url };
    },
  };
}

/** Node statuses of the projection, by node code. */
export async function nodeStatuses(db: Db, flowNo: string): Promise<Record<string, number>> {
  const rows = await db.selectFrom('cert_flow_node').select(['node_code', 'status']).where('flow_no', '=', flowNo).execute();
  return Object.fromEntries(rows.map((r) => [r.node_code, r.status]));
}

/** Runs the steps of one user on one page, keeping a screenshot and the page text when they fail. */
export const as = <T>(page: Page, name: string, steps: () => Promise<T>) => withScreenshot(page, name, steps);
