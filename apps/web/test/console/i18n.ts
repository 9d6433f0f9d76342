/** The console's English strings in an i18next instance of their own, as the console loads them. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import consoles from '../../public/locales/consoles-en_US.json';

export function testI18n() {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { console: consoles } },
    defaultNS: 'console',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}
