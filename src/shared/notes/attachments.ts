/** Spec 001 section 5: an uploaded file is linked as `/uploads/{32 hex chars}/{filename}`. */
const UPLOAD_LINK = /\/uploads\/[0-9a-f]{32}\/[^\s)"']+/i;

export function hasAttachment(body: string): boolean {
  return UPLOAD_LINK.test(body);
}
