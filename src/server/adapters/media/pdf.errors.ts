/** Why a PDF cannot be used as slides. */
export type PdfErrorCode = 'not_pdf' | 'corrupt' | 'encrypted' | 'empty';

/** User-facing messages (Chinese UI) for each {@link PdfErrorCode}. */
export const PDF_ERROR_MESSAGES: Readonly<Record<PdfErrorCode, string>> = {
  not_pdf: '文件不是有效的PDF',
  corrupt: 'PDF文件已损坏，无法读取',
  encrypted: 'PDF文件已加密，请移除密码后重新上传',
  empty: 'PDF文件没有页面',
};

/** A PDF that cannot be opened or rasterised, with a machine-readable code and a user-facing message. */
export class PdfError extends Error {
  readonly code: PdfErrorCode;
  /** What the library said, for logs. */
  readonly detail: string;

  constructor(code: PdfErrorCode, detail = '') {
    super(PDF_ERROR_MESSAGES[code]);
    this.name = 'PdfError';
    this.code = code;
    this.detail = detail;
  }
}
