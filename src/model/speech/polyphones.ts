/**
 * Common 多音字 and their readings, most frequent first, for the editor's 读音 tab: the author puts
 * the caret after such a character and picks how it is read (the marker 行[háng] goes in). Any
 * other character can be marked by typing its pinyin; this table only offers the usual choices.
 */
export const POLYPHONES: Readonly<Record<string, readonly string[]>> = {
  行: ['xíng', 'háng'], 重: ['zhòng', 'chóng'], 长: ['cháng', 'zhǎng'], 还: ['hái', 'huán'],
  和: ['hé', 'hè', 'huó', 'huò'], 得: ['dé', 'de', 'děi'], 为: ['wèi', 'wéi'], 了: ['le', 'liǎo'],
  数: ['shù', 'shǔ'], 调: ['diào', 'tiáo'], 乐: ['lè', 'yuè'], 发: ['fā', 'fà'], 传: ['chuán', 'zhuàn'],
  好: ['hǎo', 'hào'], 处: ['chù', 'chǔ'], 种: ['zhǒng', 'zhòng'], 便: ['biàn', 'pián'],
  曾: ['céng', 'zēng'], 差: ['chà', 'chā', 'chāi'], 都: ['dōu', 'dū'], 地: ['dì', 'de'],
  藏: ['cáng', 'zàng'], 强: ['qiáng', 'qiǎng'], 量: ['liàng', 'liáng'], 朝: ['cháo', 'zhāo'],
  角: ['jiǎo', 'jué'], 觉: ['jué', 'jiào'], 相: ['xiāng', 'xiàng'], 应: ['yīng', 'yìng'],
  中: ['zhōng', 'zhòng'], 只: ['zhǐ', 'zhī'], 给: ['gěi', 'jǐ'], 空: ['kōng', 'kòng'],
  解: ['jiě', 'xiè'], 转: ['zhuǎn', 'zhuàn'], 看: ['kàn', 'kān'], 少: ['shǎo', 'shào'],
  省: ['shěng', 'xǐng'], 会: ['huì', 'kuài'], 着: ['zhe', 'zháo', 'zhuó'], 累: ['lèi', 'lěi'],
  大: ['dà', 'dài'], 露: ['lù', 'lòu'], 薄: ['báo', 'bó'], 教: ['jiào', 'jiāo'], 正: ['zhèng', 'zhēng'],
  分: ['fēn', 'fèn'], 干: ['gàn', 'gān'], 间: ['jiān', 'jiàn'], 降: ['jiàng', 'xiáng'],
  参: ['cān', 'shēn'], 率: ['lǜ', 'shuài'], 济: ['jì', 'jǐ'], 系: ['xì', 'jì'], 结: ['jié', 'jiē'],
  没: ['méi', 'mò'], 难: ['nán', 'nàn'], 模: ['mó', 'mú'], 卡: ['kǎ', 'qiǎ'], 更: ['gèng', 'gēng'],
  供: ['gōng', 'gòng'], 冲: ['chōng', 'chòng'], 兴: ['xīng', 'xìng'], 载: ['zài', 'zǎi'],
}; // prettier-ignore

/** The usual readings of a character, or none when it is not a common 多音字. */
export function readingsOf(char: string): readonly string[] {
  return POLYPHONES[char] ?? [];
}
