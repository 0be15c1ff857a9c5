import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, type AppLanguage } from './detectLanguage';
import { en, enMessages } from './en';
import { zh, zhMessages } from './zh';
import { homeEn, homeZh } from './home';
import { editorEn, editorZh } from './editor';
import { libraryEn, libraryZh } from './library';
import { materialsEn, materialsZh } from './materials';
import { subtitleEn, subtitleZh } from './subtitle';
import { myvoiceEn, myvoiceZh } from './myvoice';
import { digitalPeopleEn, digitalPeopleZh } from './digitalPeople';
import { threeEn, threeZh } from './three';

const STORAGE_KEY = 'lang';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The shared i18next instance; the language follows the browser unless the user picked one. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: {
    zh: {
      translation: zh,
      msg: zhMessages,
      home: homeZh,
      editor: editorZh,
      library: libraryZh,
      materials: materialsZh,
      subtitle: subtitleZh,
      myvoice: myvoiceZh,
      digitalPeople: digitalPeopleZh,
      three: threeZh,
    },
    en: {
      translation: en,
      msg: enMessages,
      home: homeEn,
      editor: editorEn,
      library: libraryEn,
      materials: materialsEn,
      subtitle: subtitleEn,
      myvoice: myvoiceEn,
      digitalPeople: digitalPeopleEn,
      three: threeEn,
    },
  },
  lng: detectLanguage(
    typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]),
    storedLanguage(),
  ),
  fallbackLng: 'zh',
  ns: [
    'translation',
    'msg',
    'home',
    'editor',
    'library',
    'materials',
    'subtitle',
    'myvoice',
    'digitalPeople',
    'three',
  ],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnObjects: true,
  initAsync: false,
});

/** Switches the interface language and remembers the choice. */
export function setLanguage(lang: AppLanguage): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

/** Current interface language. */
export function currentLanguage(): AppLanguage {
  return i18n.language === 'en' ? 'en' : 'zh';
}

/**
 * A message (spec or server text) in the interface language: Chinese texts get their English on the
 * English interface, and the few the spec gives in English get their Chinese on the Chinese one.
 */
export function translateMessage(text: string): string {
  // Only the current language: a message missing in English must not fall back to the Chinese one.
  return i18n.t(text, {
    ns: 'msg',
    lngs: [currentLanguage()],
    defaultValue: text,
    keySeparator: false,
    nsSeparator: false,
  }) as string;
}
