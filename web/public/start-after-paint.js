// Runs the entry of a page rendered at build after its first paint (infra/web-prerender.ts).
{
  const entry = document.currentScript.dataset.entry;
  requestAnimationFrame(() => setTimeout(() => import(entry)));
}
