/**
 * Writes a response body from pieces into a buffer the caller sized: ASCII text, small
 * integers, decimal numbers and byte ranges, without a string per piece.
 */
export class ByteWriter {
  at = 0;

  constructor(private readonly buf: Buffer) {}

  /** ASCII text (one byte per character). */
  ascii(s: string): void {
    const b = this.buf;
    let at = this.at;
    for (let i = 0; i < s.length; i += 1) b[at++] = s.charCodeAt(i);
    this.at = at;
  }

  /** One byte. */
  byte(b: number): void {
    this.buf[this.at++] = b;
  }

  /** Bytes `src[start, end)`. */
  bytes(src: Uint8Array, start = 0, end = src.length): void {
    const n = end - start;
    if (n <= 64) {
      // Short pieces: a loop costs less than the view set() needs.
      const b = this.buf;
      let at = this.at;
      for (let i = start; i < end; i += 1) b[at++] = src[i]!;
      this.at = at;
      return;
    }
    this.buf.set(new Uint8Array(src.buffer, src.byteOffset + start, n), this.at);
    this.at += n;
  }

  /** A non-negative integer below 2^53 in decimal (at most 16 bytes). */
  uint(n: number): void {
    if (n < 10) {
      this.buf[this.at++] = 48 + n;
      return;
    }
    let digits = 1;
    for (let p = 10; p <= n; p *= 10) digits += 1;
    let at = this.at + digits;
    this.at = at;
    let rest = n;
    while (rest >= 10) {
      const q = Math.floor(rest / 10);
      this.buf[--at] = 48 + (rest - q * 10);
      rest = q;
    }
    this.buf[--at] = 48 + rest;
  }

  /**
   * `thousandths / 1000` as JavaScript prints it (`String(thousandths / 1000)`): "12", "1.5",
   * "0.007" (at most 20 bytes; thousandths is a non-negative integer below 2^53).
   */
  thousandths(thousandths: number): void {
    const whole = Math.floor(thousandths / 1000);
    let frac = thousandths - whole * 1000;
    this.uint(whole);
    if (frac === 0) return;
    this.buf[this.at++] = 46; // "."
    this.buf[this.at++] = 48 + Math.floor(frac / 100);
    frac %= 100;
    if (frac === 0) return;
    this.buf[this.at++] = 48 + Math.floor(frac / 10);
    frac %= 10;
    if (frac === 0) return;
    this.buf[this.at++] = 48 + frac;
  }

  /** What was written. */
  written(): Buffer {
    return this.buf.subarray(0, this.at);
  }
}
