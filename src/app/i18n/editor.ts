/** Interface text of the editor screens, namespace 'editor' (use `useTranslation('editor')`). */
export const editorZh = {};

export const editorEn: typeof editorZh = {};
