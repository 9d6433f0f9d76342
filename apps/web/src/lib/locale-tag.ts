/** The BCP 47 language tag of a locale key: the rule lives in the domain core. */
export { languageTag } from '@locator/core';
