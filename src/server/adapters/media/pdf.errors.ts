/** Why a PDF cannot be used as slides. */
export type PdfErrorCode =
  'not_pdf' | 'corrupt' | 'encrypted' | 'empty' | 'too_many_pages' | 'odd_page' | 'page_timeout';

/** User-facing messages (Chinese UI) for each {@link PdfErrorCode} that needs no numbers. */
export const PDF_ERROR_MESSAGES: Readonly<Record<PdfErrorCode, string>> = {
  not_pdf: '文件不是有效的PDF',
  corrupt: 'PDF文件已损坏，无法读取',
  encrypted: 'PDF文件已加密，请移除密码后重新上传',
  empty: 'PDF文件没有页面',
  too_many_pages: 'PDF页数过多，请拆分后上传',
  odd_page: 'PDF中有页面过于狭长，无法转换为幻灯片',
  page_timeout: 'PDF中有页面内容过于复杂，转换超时',
};

/** The messages that name the page or the numbers involved. */
export const pdfMessages = {
  tooManyPages: (pages: number, max: number) => `PDF页数过多（${pages} 页），最多 ${max} 页，请拆分后上传`,
  oddPage: (page: number, width: number, height: number) =>
    `PDF第 ${page} 页过于狭长（${width}×${height} pt），无法转换为幻灯片，请调整页面尺寸后重新上传`,
  pageTimeout: (page: number, seconds: number) =>
    `PDF第 ${page} 页内容过于复杂，${seconds} 秒内未能转换完成，请简化该页后重新上传`,
} as const;

/** A PDF that cannot be opened or rasterised, with a machine-readable code and a user-facing message. */
export class PdfError extends Error {
  readonly code: PdfErrorCode;
  /** What the library said, for logs. */
  readonly detail: string;

  constructor(code: PdfErrorCode, detail = '', message = PDF_ERROR_MESSAGES[code]) {
    super(message);
    this.name = 'PdfError';
    this.code = code;
    this.detail = detail;
  }
}
