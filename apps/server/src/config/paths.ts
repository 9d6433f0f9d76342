/** Where the country-configuration files live (see README "Configuration files"). */
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

export const CONFIG_DIR = resolve(fileURLToPath(new URL('../../config', import.meta.url)));
