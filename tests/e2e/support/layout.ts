import type { Locator } from 'playwright-core';

/** What reads badly inside a region: a label cut off, text set one character per line, content past the edge. */
export interface LayoutFaults {
  clippedLabels: string[];
  charPerLine: string[];
  pastEdge: string[];
}

/**
 * Measures the element boxes inside `region` as a reader meets them: every label (a table header,
 * a form label, a card's field label) shows its whole text (scrollWidth ≤ clientWidth); no text of two
 * or more characters is set one character per line; nothing visible sticks out past the region's
 * right edge (which an inner scroll area would hide).
 */
export function layoutFaults(region: Locator): Promise<LayoutFaults> {
  return region.evaluate((root) => {
    const faults = { clippedLabels: [] as string[], charPerLine: [] as string[], pastEdge: [] as string[] };
    const edge = root.getBoundingClientRect().right + 1;
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };

    for (const label of root.querySelectorAll<HTMLElement>('th, label, [data-field-label]')) {
      if (visible(label) && label.scrollWidth > label.clientWidth + 1) faults.clippedLabels.push(label.innerText.trim());
    }

    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (!parent || [...text].length < 2 || !visible(parent)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1 && lines.size >= [...text].length) faults.charPerLine.push(text);
    }

    for (const el of root.querySelectorAll('*')) {
      if (el.closest('[data-combobox-dropdown], .mantine-Popover-dropdown')) continue;
      if (visible(el) && el.getBoundingClientRect().right > edge) faults.pastEdge.push(`${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim().slice(0, 40)}`);
    }
    return faults;
  });
}

export const NO_FAULTS: LayoutFaults = { clippedLabels: [], charPerLine: [], pastEdge: [] };

/**
 * The pairs of visible elements among `selector` inside `region` whose boxes overlap (more than a pixel
 * each way), named by their text: what a reader sees as words printed over each other.
 */
export function overlappingBoxes(region: Locator, selector: string): Promise<string[]> {
  return region.evaluate((root, sel) => {
    const items = [...root.querySelectorAll<HTMLElement>(sel)]
      .map((el) => ({ name: (el.innerText || el.getAttribute('aria-label') || el.tagName).trim().replace(/\s+/g, ' '), box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    const pairs: string[] = [];
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        const [a, b] = [items[i]!.box, items[j]!.box];
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x > 1 && y > 1) pairs.push(`${items[i]!.name} × ${items[j]!.name}`);
      }
    }
    return pairs;
  }, selector);
}
