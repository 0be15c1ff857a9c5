/**
 * A character eSpeak NG's Mandarin voice reads with each pinyin reading (syllable + tone digit,
 * 5 = neutral tone), for the readings of the common 多音字. A reading marker like 行[háng] is
 * spoken by swapping the character for the homophone: eSpeak has no per-character reading input.
 *
 * Every entry was checked against eSpeak itself: the homophone's phonemes (tones included) equal
 * those eSpeak gives for the pinyin with its tone digit ("杭" and "hang2" both read X_'A35_N).
 * Readings without such a character (得 děi, 着 zháo, 参 cēn, 更 gèng, 模 mú, 难 nàn, 卡 qiǎ) are
 * missing on purpose: the marker then falls back to the character as written.
 */
export const HOMOPHONES: Readonly<Record<string, string>> = {
  bao1: '包', bao2: '雹', bei1: '杯', bei4: '被', bian4: '变', bing3: '饼', bo1: '波', bo2: '博',
  can1: '餐', cang2: '藏', ceng2: '层', cha1: '叉', cha4: '岔', chai1: '钗', chan2: '缠',
  chang2: '常', chao2: '潮', chen4: '趁', cheng1: '撑', cheng2: '成', chong1: '充', chong2: '虫',
  chong4: '铳', chou2: '愁', chu3: '础', chu4: '触', chuan2: '船', ci1: '疵',
  da1: '搭', da2: '达', da4: '大', dai4: '代', dan1: '丹', dan4: '蛋', dang1: '裆', dang4: '荡',
  dao3: '岛', dao4: '道', de2: '德', de5: '的', di2: '敌', di4: '弟', diao4: '掉', dou1: '兜',
  du1: '督', e4: '饿', fa1: '发', fa4: '珐', fen1: '芬', fen4: '份',
  gan1: '甘', gan4: '赣', gei3: '给', geng1: '耕', gong1: '工', gong4: '共', guan1: '关', guan4: '灌',
  hai2: '孩', hang2: '杭', hang4: '沆', hao3: '郝', hao4: '耗', he2: '河', he4: '贺', heng2: '横',
  hu2: '胡', huan2: '环', hui4: '惠', huo2: '活', huo4: '货',
  ji1: '机', ji3: '挤', ji4: '记', jia3: '甲', jia4: '架', jian1: '尖', jian4: '件', jiang1: '江',
  jiang4: '酱', jiao1: '交', jiao3: '脚', jiao4: '叫', jie1: '街', jie2: '洁', jie3: '姐', jin3: '紧',
  jin4: '进', jue2: '决', ka3: '卡', kan1: '刊', kan4: '瞰', kong1: '空', kong4: '控', kuai4: '快',
  le4: '勒', le5: '了', lei2: '雷', lei3: '垒', lei4: '泪', liang2: '粮', liang4: '亮', liao3: '瞭',
  lou4: '漏', lu4: '路', lv4: '律',
  mei2: '梅', mo2: '魔', mo4: '莫', nan2: '男', pian2: '骈', ping2: '平', qi2: '旗', qiang2: '墙',
  qiang3: '抢', qiu2: '求', qu1: '驱', qu3: '取',
  sai1: '腮', sai4: '赛', san3: '伞', san4: '散', se4: '色', sha4: '煞', shan1: '山', shan4: '善',
  shao3: '少', shao4: '哨', she2: '蛇', she3: '舍', she4: '设', shen1: '身', sheng3: '省',
  sheng4: '剩', shi2: '十', shi4: '是', shu3: '鼠', shu4: '树', shuai4: '帅', shuo4: '硕', si4: '四',
  su4: '速', tan2: '谈', tiao2: '条', tu3: '土', tu4: '兔',
  wei2: '围', wei3: '伟', wei4: '位', wu4: '误', xi4: '细', xia4: '下', xiang1: '香', xiang2: '详',
  xiang4: '象', xiao4: '笑', xie3: '写', xie4: '谢', xing1: '星', xing2: '型', xing3: '醒',
  xing4: '杏', xiu3: '朽', xiu4: '秀', xue4: '谑',
  yan1: '烟', yan4: '燕', yao1: '腰', yao4: '药', ye4: '夜', yi3: '乙', ying1: '英', ying4: '硬',
  yue4: '月', zai3: '宰', zai4: '在', zang4: '葬', zeng1: '增', zhan1: '沾', zhan4: '站',
  zhang3: '掌', zhao1: '招', zhe1: '遮', zhe2: '哲', zhe5: '着', zheng1: '争', zheng4: '政',
  zhi1: '支', zhi3: '纸', zhong1: '钟', zhong3: '肿', zhong4: '众', zhuan3: '转', zhuan4: '赚',
  zhuo2: '卓', zuo4: '做',
}; // prettier-ignore
