/** Interface text of the home screens, namespace 'home' (use `useTranslation('home')`). */
export const homeZh = {};

export const homeEn: typeof homeZh = {};
