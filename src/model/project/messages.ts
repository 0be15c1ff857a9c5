/** The spec's user-facing texts that the model produces (sections 4, 5, 8), quoted exactly. */
export const messages = {
  characterMissing: '人物未选择',
  voiceMissing: '音色未选择',
  sceneMissing: '场景未选择',
  confirmNoPdf: '未选择PDF，是否继续合成?',
  textTooLong: '输入的单页文字大于300',
  textTooShort: '输入的单页文字小于1',
  noText: '无文字',
  cannotCopyVideoPage: '不可复制，因为ppt内有视频',
  noVideo: '未上传视频',
  videoMuted: '已禁用当前视频声音',
  videoUnmuted: '已开启当前视频声音',
  confirmToVoiceMode: '此操作会将文字文件删除, 是否继续?',
  confirmToTextMode: '此操作会将上传的音频文件删除, 是否继续?',
  confirmDeletePage: '此操作将永久删除该页PPT, 是否继续?',
  confirmDeletePdf: '此操作将永久删除该文件, 是否继续?',
  cancelled: '已取消',
  deleteCancelled: '已取消删除',
  switched: '切换成功!',
  pdfPlaceholder: '请输入本页内容并保存',
  // Not in the spec: our wording for cases it leaves open (README records them).
  lastPage: '至少需要保留一页',
  noPages: '没有可合成的页面',
  noSuchPage: '页面不存在',
  documentNotJson: '项目内容不是有效的JSON',
  documentNotObject: '项目内容格式错误',
  documentTooNew: '项目由更新版本的工作台保存，请刷新页面后再打开',
} as const;

/** 第N页的ppt文字未保存或大于300字, N 1-based. */
export const pageTextTooLong = (n: number) => `第${n}页的ppt文字未保存或大于300字`;
/** 第N页未上传音频, N 1-based. */
export const pageAudioMissing = (n: number) => `第${n}页未上传音频`;
/** 第N页未保存或文字少于1个字, N 1-based. */
export const pageTextMissing = (n: number) => `第${n}页未保存或文字少于1个字`;
