import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { StageLabels } from '../../../../render/pixi/StageItems';

/** The stage's words in the interface language. */
export function useStageLabels(): StageLabels {
  const { t, i18n } = useTranslation('library');
  const { t: te } = useTranslation('editor');
  return useMemo(
    () => ({
      stage: te('stickers.stageLabel'),
      blankPage: t('preview.blankPage'),
      cardHint: t('preview.cardHint'),
      noPresenter: t('preview.noCharacter'),
      items: {
        background: t('preview.items.background'),
        slide: t('preview.items.slide'),
        card: t('preview.items.card'),
        video: t('preview.items.video'),
        presenter: t('preview.items.presenter'),
        sticker: t('preview.items.sticker'),
        gif: t('preview.items.gif'),
      },
    }),
    // The words change with the language only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language],
  );
}
