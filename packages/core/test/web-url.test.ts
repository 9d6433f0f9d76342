import { describe, expect, it } from 'vitest';
import { normaliseWebUrl } from '../src/index.js';

describe('a store website as stored and linked', () => {
  it('is the WHATWG serialisation of its http(s) address', () => {
    expect(normaliseWebUrl('www.example.com/montreal')).toBe('https://www.example.com/montreal');
    expect(normaliseWebUrl('HTTP://Shop.Example.co.uk')).toBe('http://shop.example.co.uk/');
    expect(normaliseWebUrl('https://example.com/a?q="<x>"')).toBe(
      'https://example.com/a?q=%22%3Cx%3E%22',
    );
    expect(normaliseWebUrl('https://bücher.example/ä')).toBe(
      'https://xn--bcher-kva.example/%C3%A4',
    );
    expect(normaliseWebUrl('www.example.com:8080/x')).toBe('https://www.example.com:8080/x');
  });
  it('is empty for an empty or unsafe value', () => {
    for (const bad of [
      '',
      '  ',
      'javascript:alert(1)',
      '//evil.example',
      'https://a b.example',
      '../../etc/passwd',
      'https://shop..example',
      // Accepted as written, refused by the URL parser: a port out of range, a broken IPv6 host.
      'https://example.com:99999/',
      'https://[::1/',
    ])
      expect(normaliseWebUrl(bad), bad).toBe('');
    expect(normaliseWebUrl(undefined)).toBe('');
  });
});
