/** The two interface languages and the browser locale that selects each (req rfi §1). */
export type Lang = 'zh' | 'en';
export const LOCALE_OF: Record<Lang, string> = { zh: 'zh-CN', en: 'en-US' };
