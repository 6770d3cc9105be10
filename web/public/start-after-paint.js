{
  const { entry, preload } = document.currentScript.dataset;
  requestAnimationFrame(() => setTimeout(() => {
    import(entry);
    setTimeout(() => {
      for (const href of preload.split(' ').filter(Boolean)) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
    });
  }));
}
