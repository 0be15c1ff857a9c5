/** A file part of a multipart form. */
export interface FilePart {
  field: string;
  file: Blob;
  name: string;
}

/**
 * The form of an upload: text fields first, then the files. The server reads the fields when the
 * first file part starts (limits, validation), so the order is part of the contract.
 */
export function multipartForm(fields: Record<string, string>, files: readonly FilePart[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const part of files) form.append(part.field, part.file, part.name);
  return form;
}
