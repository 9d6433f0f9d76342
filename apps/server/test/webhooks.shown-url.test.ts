/** Webhook URLs as the console and the log show them: without credentials or query values. */
import { describe, expect, it } from 'vitest';
import { shownUrl } from '../src/modules/webhooks/shown-url.js';

describe('shownUrl', () => {
  it('removes a user name and password and hides query values', () => {
    expect(shownUrl('https://me:pw@hooks.example.com/in?token=abc&x=1')).toBe(
      'https://hooks.example.com/in?token=…&x=…',
    );
    expect(shownUrl('http://127.0.0.1:9000/hooks')).toBe('http://127.0.0.1:9000/hooks');
  });
});
