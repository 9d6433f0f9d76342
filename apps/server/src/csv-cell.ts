/**
 * One CSV cell as every CSV the server writes has it (RFC 4180 quoting). A text a spreadsheet
 * would run as a formula — starting with =, +, -, @, tab or carriage return, and not a plain
 * number — is written with a leading apostrophe, which spreadsheets show as text (and the
 * store import reads back as the original text).
 */
export function csvCell(v: string | number | null): string {
  const s = v === null ? '' : typeof v === 'number' ? String(v) : v;
  const safe = /^[=+\-@\t\r]/.test(s) && !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
