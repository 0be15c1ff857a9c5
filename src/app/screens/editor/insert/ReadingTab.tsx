import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Icon, Input } from 'semantic-ui-react';
import { pinyinKey, readingsOf, spokenReading } from '../../../../model/speech';
import { charBeforeRememberedCaret, currentNarrationBox } from '../narrationInput';

const isHan = (c: string | null): c is string => !!c && /\p{Script=Han}/u.test(c);

/**
 * The 读音 tab: fixes how the character before the caret is read (多音字). Its usual readings are
 * offered as buttons, any pinyin may be typed (háng or hang2); the marker 行[háng] goes in after
 * the character. Speech reads the chosen reading; subtitles show the character alone.
 */
export function ReadingTab({ onInsert }: { onInsert(html: string, label: string): void }) {
  const { t } = useTranslation('editor');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState('');
  const box = currentNarrationBox();
  const char = box ? charBeforeRememberedCaret(box) : null;

  const insert = (pinyin: string) => {
    if (!isHan(char)) return;
    if (!pinyinKey(pinyin)) return setProblem(t('insert.readingInvalid'));
    onInsert(`[${pinyin}]`, `${char}[${pinyin}]`);
  };
  // A reading eSpeak has no homophone for is spoken as the character is written.
  const voiced = (pinyin: string) => !!char && spokenReading(char, pinyin) !== char;
  const typedPinyin = typed.trim();

  if (!isHan(char)) {
    return (
      <p className="ps-ins-hint ps-ins-hint--warn" data-testid="insert-reading-nochar">
        <Icon name="info circle" />
        {t('insert.readingNoChar')}
      </p>
    );
  }
  const readings = readingsOf(char);
  return (
    <>
      <p className="ps-ins-hint" data-testid="insert-reading-hint">
        {t('insert.readingHint', { char })}
      </p>
      {readings.length > 0 && (
        <div className="ps-ins-shots" data-testid="insert-reading-choices">
          {readings.map((pinyin) => (
            <Button
              key={pinyin}
              basic
              title={voiced(pinyin) ? undefined : t('insert.readingAsWritten')}
              data-testid={`insert-reading-${pinyin}`}
              onClick={() => insert(pinyin)}
            >
              {char}
              <span className="ps-ins-pinyin">{pinyin}</span>
            </Button>
          ))}
        </div>
      )}
      <form
        className="ps-ins-reading-form"
        onSubmit={(e) => {
          e.preventDefault();
          insert(typedPinyin);
        }}
      >
        <Input
          value={typed}
          placeholder={t('insert.readingPlaceholder')}
          error={!!problem}
          input={{ 'data-testid': 'insert-reading-input', 'aria-label': t('insert.readingPlaceholder') }}
          onChange={(_, d) => {
            setTyped(String(d.value));
            setProblem('');
          }}
        />
        <Button type="submit" primary disabled={!typedPinyin} data-testid="insert-reading-submit">
          {t('insert.readingInsert')}
        </Button>
      </form>
      {problem && (
        <p className="ps-field-error" data-testid="insert-reading-problem">
          {problem}
        </p>
      )}
      {typedPinyin && !problem && pinyinKey(typedPinyin) && !voiced(typedPinyin) && (
        <p className="ps-ins-hint" data-testid="insert-reading-fallback">
          {t('insert.readingAsWritten')}
        </p>
      )}
    </>
  );
}
