/** A URL as the console and the log show it: no user name or password, query values hidden. */
export function shownUrl(raw: string): string {
  const url = new URL(raw);
  url.username = '';
  url.password = '';
  for (const name of new Set(url.searchParams.keys())) url.searchParams.set(name, '…');
  return url.toString().replaceAll('%E2%80%A6', '…');
}
