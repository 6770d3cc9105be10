{
  const entry = document.currentScript.dataset.entry;
  requestAnimationFrame(() => setTimeout(() => import(entry)));
}
