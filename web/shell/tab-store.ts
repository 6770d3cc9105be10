import { useSyncExternalStore } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { HOME_PATH } from './menu.ts';

/**
 * Page tabs (req shell §2.6): keyed by path, persisted in sessionStorage so a reload keeps them and a
 * new browser tab starts clean. The home tab is fixed (affix): it cannot be closed and survives
 * "close others" and "close all".
 */
export interface PageTab {
  path: string;
  /** Full in-app address, so returning to a tab restores its query. */
  href: string;
  title?: MessageDescriptor;
  /** A title set by the page itself (e.g. a flow number); wins over the route's. */
  customTitle?: string;
  affix?: boolean;
}

const KEY = 'shell_tabs';
const HOME: PageTab = { path: HOME_PATH, href: HOME_PATH, title: msg`首页`, affix: true };

let tabs: PageTab[] = load();
const listeners = new Set<() => void>();

function load(): PageTab[] {
  try {
    const raw = sessionStorage.getItem(KEY);
    const stored = raw ? (JSON.parse(raw) as PageTab[]) : [];
    return withHome(Array.isArray(stored) ? stored.filter((t) => typeof t?.path === 'string') : []);
  } catch {
    return [HOME];
  }
}

function withHome(list: PageTab[]): PageTab[] {
  const home = list.find((t) => t.path === HOME_PATH);
  return [{ ...HOME, ...home, title: HOME.title, affix: true }, ...list.filter((t) => t.path !== HOME_PATH)];
}

function set(next: PageTab[]): void {
  tabs = withHome(next);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(tabs));
  } catch {
    // storage full or blocked: tabs still work for this page view
  }
  listeners.forEach((l) => l());
}

export const tabStore = {
  get: () => tabs,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Opens or updates the tab of a path. */
  open(tab: Omit<PageTab, 'affix'>): void {
    const i = tabs.findIndex((t) => t.path === tab.path);
    if (i < 0) return set([...tabs, tab]);
    const old = tabs[i];
    if (old.href === tab.href && old.title?.id === tab.title?.id) return;
    set(tabs.map((t, j) => (j === i ? { ...t, href: tab.href, title: tab.title ?? t.title } : t)));
  },
  setCustomTitle(path: string, customTitle: string | undefined): void {
    if (tabs.find((t) => t.path === path)?.customTitle === customTitle) return;
    set(tabs.map((t) => (t.path === path ? { ...t, customTitle } : t)));
  },
  close(path: string): void {
    set(tabs.filter((t) => t.affix || t.path !== path));
  },
  closeOthers(path: string): void {
    set(tabs.filter((t) => t.affix || t.path === path));
  },
  closeAll(): void {
    set(tabs.filter((t) => t.affix));
  },
  /** The tab to show after closing `path`: its left neighbour, else its right one, else home. */
  neighbour(path: string): PageTab {
    const i = tabs.findIndex((t) => t.path === path);
    return tabs[i - 1] ?? tabs[i + 1] ?? HOME;
  },
  reset(): void {
    set([]);
  },
};

/** What a page rendered at build shows, and the browser's hydration of it: the tabs kept are read after it. */
const HOME_ONLY = [HOME];

export function useTabs(): PageTab[] {
  return useSyncExternalStore(tabStore.subscribe, tabStore.get, () => HOME_ONLY);
}
