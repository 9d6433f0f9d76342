/**
 * A row's phone and website, normalised once as they are stored (import and admin API alike):
 * the phone by libphonenumber in the store's country (modules/stores/phone.ts), the website as the
 * WHATWG URL serialisation of its http(s) address (normaliseWebUrl). A phone number that cannot
 * be one of the country is refused (INVALID_PHONE) with the reason and an example.
 */
import { normaliseWebUrl } from '@locator/core';
import type { StoreDoc } from '../stores/doc.js';
import { normalisePhone } from '../stores/phone.js';
import type { ProblemCode } from './codes.js';

export interface ContactProblem {
  field: 'phone' | 'storeWeb';
  code: ProblemCode;
  reason: string;
}

/** Normalises the document's phone and website in place; returns what is wrong with them. */
export function normaliseContactFields(doc: StoreDoc, country: string): ContactProblem[] {
  const problems: ContactProblem[] = [];
  const phone = normalisePhone(doc.phone ?? '', country);
  if (phone.ok) doc.phone = phone.value;
  else problems.push({ field: 'phone', code: 'INVALID_PHONE', reason: phone.reason });
  const raw = (doc.storeWeb ?? '').trim();
  const web = normaliseWebUrl(raw);
  if (raw !== '' && web === '') {
    problems.push({ field: 'storeWeb', code: 'INVALID_VALUE', reason: 'must be a web address' });
  } else {
    doc.storeWeb = web;
  }
  return problems;
}
