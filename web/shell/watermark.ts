import { useEffect } from 'react';

/** Req shell §2.6 / req shell §9: the watermark is checked and re-created every 2 s. */
const WATERMARK_REFRESH_MS = 2_000;
const ID = 'shell-watermark';

/** The text of the watermark: the last 4 characters of the user id, the user's name, the time. */
function watermarkText(user: { id: string; name: string }, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())} ${pad(now.getHours())}:${pad(now.getMinutes())}`;
  return `${user.name} ${user.id.slice(-4)} ${time}`;
}

function tileImage(text: string): string {
  const canvas = document.createElement('canvas');
  const ratio = window.devicePixelRatio || 1;
  const [w, h] = [320, 200];
  canvas.width = w * ratio;
  canvas.height = h * ratio;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  ctx.scale(ratio, ratio);
  ctx.translate(w / 2, h / 2);
  ctx.rotate((-20 * Math.PI) / 180);
  ctx.font = '14px sans-serif';
  ctx.fillStyle = 'rgba(120, 120, 120, 0.16)';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 0, 0);
  return canvas.toDataURL('image/png');
}

// Applied on every check, so hiding it with devtools styles lasts at most one interval.
const STYLE: Partial<CSSStyleDeclaration> = {
  position: 'fixed',
  inset: '0',
  zIndex: '2147483000',
  pointerEvents: 'none',
  backgroundRepeat: 'repeat',
  display: 'block',
  visibility: 'visible',
  opacity: '1',
};

/**
 * Keeps a full-page, click-through watermark on the body while mounted. If it is removed from the
 * DOM or its style changed, a MutationObserver puts it back at once; a 2 s interval also re-checks it
 * and keeps the time current.
 */
export function useWatermark(user: { id: string; name: string } | undefined, enabled = true): void {
  useEffect(() => {
    if (!user || !enabled) return;
    let text = '';
    let image = '';
    let el: HTMLDivElement | null = null;

    const ensure = () => {
      const nextText = watermarkText(user, new Date());
      if (nextText !== text) {
        text = nextText;
        image = tileImage(text);
      }
      if (!el || !el.isConnected) {
        el = document.createElement('div');
        el.id = ID;
        el.setAttribute('aria-hidden', 'true');
        el.dataset.testid = 'watermark';
        document.body.appendChild(el);
      }
      Object.assign(el.style, STYLE, { backgroundImage: `url(${image})` });
      el.dataset.text = text;
    };

    ensure();
    const observer = new MutationObserver((records) => {
      const touched = records.some(
        (r) => (r.type === 'childList' && [...r.removedNodes].includes(el as Node)) || (r.type === 'attributes' && r.target === el),
      );
      if (touched) {
        observer.disconnect();
        ensure();
        observe();
      }
    });
    const observe = () => {
      observer.observe(document.body, { childList: true });
      if (el) observer.observe(el, { attributes: true, attributeFilter: ['style', 'class', 'id', 'hidden'] });
    };
    observe();
    const timer = window.setInterval(() => {
      observer.disconnect();
      ensure();
      observe();
    }, WATERMARK_REFRESH_MS);

    return () => {
      window.clearInterval(timer);
      observer.disconnect();
      el?.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- redraw when the person or name changes, not for each new user object
  }, [user?.id, user?.name, enabled]);
}
