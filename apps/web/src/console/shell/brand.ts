/** The maker's brand name (from the page's boot value), for the console's header and titles. */
import { createContext, useContext } from 'react';

export const ConsoleBrandContext = createContext('Lumen');

export const useConsoleBrand = (): string => useContext(ConsoleBrandContext);
