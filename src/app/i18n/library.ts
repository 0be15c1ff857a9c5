/** Interface text of the library screens, namespace 'library' (use `useTranslation('library')`). */
export const libraryZh = {};

export const libraryEn: typeof libraryZh = {};
