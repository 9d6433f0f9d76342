/** A single sign-on that ends on the sign-in form, with the reason the console shows. */
import type { SsoErrorCode } from '@locator/core/console-api';

export class SsoFailure extends Error {
  override readonly name = 'SsoFailure';

  constructor(
    readonly code: SsoErrorCode,
    cause?: unknown,
  ) {
    super(code, { cause });
  }
}
