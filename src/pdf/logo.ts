/**
 * The company's logo for its PDFs: the column `companies.logo` (set through the
 * administration API; an older `settings.logo` is read too), a PNG or JPEG image as
 * base64 (a `data:image/png;base64,` prefix is accepted), at most
 * LOGO_MAX_BYTES once decoded. `logoProblem` says what is wrong with a value
 * (for whoever sets it); `logoBytes` gives the image to draw, or null.
 */
export const LOGO_MAX_BYTES = 512 * 1024;

function decode(value: unknown): Buffer | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const body = value.trim().replace(/^data:image\/(png|jpe?g);base64,/i, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body.replace(/\s+/g, ''))) return null;
  return Buffer.from(body, 'base64');
}

const isPng = (b: Buffer) => b.length > 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
const isJpeg = (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** Why a value cannot be the logo; null when it can. */
export function logoProblem(value: unknown): string | null {
  const bytes = decode(value);
  if (!bytes) return 'The logo must be a PNG or JPEG image in base64';
  if (bytes.length > LOGO_MAX_BYTES) return `The logo takes ${bytes.length} bytes; at most ${LOGO_MAX_BYTES} are allowed`;
  if (!isPng(bytes) && !isJpeg(bytes)) return 'The logo is neither a PNG nor a JPEG image';
  return null;
}

/** The logo's image bytes, or null when the setting is absent or not a usable image. */
export function logoBytes(value: unknown): Buffer | null {
  return logoProblem(value) === null ? decode(value) : null;
}
